import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import type {CodeSample} from '@site/plugins/api-reference/types';
import {SEARCH_SKIP} from '../ApiShell';
import fold from '../fold.module.css';

interface Props {
  readonly samples: readonly CodeSample[];
  readonly server: string;
}

/**
 * The samples generated at build time by httpsnippet, one disclosure per language (the first is
 * open), so all of them are in the HTML and readable without JavaScript.
 */
export default function CodeSamples({samples, server}: Props): ReactNode {
  return (
    <>
      <Heading as="h2" id="code-samples">
        Code samples
      </Heading>
      <p>
        Every sample calls <code>{server}</code> (use your own instance&apos;s address) and reads a personal access
        token from the <code>LIGHTDASH_API_KEY</code> environment variable.
      </p>
      {samples.map((sample, i) => (
        <details key={sample.id} className={clsx(fold.fold, SEARCH_SKIP)} open={i === 0}>
          <summary>{sample.label}</summary>
          <CodeBlock language={sample.language}>{sample.code}</CodeBlock>
        </details>
      ))}
    </>
  );
}

import React, {type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PageMarkdownActions from '@site/src/components/PageMarkdownActions';
import {markdownPathFor} from '@site/plugins/markdown-export/markdownPath';
import {PersonaliseApiSamples} from '@site/plugins/api-reference/theme';

type Props = WrapperProps<typeof ContentType>;

/**
 * Wrapped, not ejected: every doc gets the Copy page split button and its menu just above its title (issues 11, 36).
 * A doc with `personalise_api_samples: true` in its front matter (the API recipes) shows the reader's
 * own Lightdash address and project in its code.
 */
export default function DocItemContentWrapper(props: Props): ReactNode {
  const {metadata, frontMatter} = useDoc();
  const content = <Content {...props} />;
  return (
    <>
      <PageMarkdownActions markdownUrl={markdownPathFor(metadata.permalink)} />
      {(frontMatter as {personalise_api_samples?: unknown}).personalise_api_samples === true ? (
        <PersonaliseApiSamples>{content}</PersonaliseApiSamples>
      ) : (
        content
      )}
    </>
  );
}

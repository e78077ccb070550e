import React, {useEffect, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import type {CodeSample} from '../../types';
import {personalise, useInstance, useLanguage, type SampleDefaults} from '../preferences';
import {SEARCH_SKIP} from '../ApiShell/searchSkip';
import {LANGUAGE_STYLE_ID} from '../../storageKeys';
import Tabs from '../Tabs';
import styles from './styles.module.css';

interface Props {
  readonly samples: readonly CodeSample[];
  readonly defaults: SampleDefaults;
}

/**
 * The samples generated at build time by httpsnippet, as language tabs whose choice is kept across
 * pages and shared with the API recipes. Before hydration the inline script of
 * ../../headTags.ts marks <html data-api-language> and adds a style showing that language, so a
 * returning reader's choice is on screen from the first paint (nothing moves when React takes over).
 * Both are dropped once React shows the same choice.
 */
export default function CodeSamples({samples, defaults}: Props): ReactNode {
  const [language, setLanguage] = useLanguage(samples.map((sample) => sample.id));
  const [instance] = useInstance();
  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.apiLanguage !== language) return;
    delete root.dataset.apiLanguage;
    document.getElementById(LANGUAGE_STYLE_ID)?.remove();
  }, [language]);
  return (
    <div className={clsx(styles.samples, SEARCH_SKIP)}>
      <Heading as="h2" id="code-samples">
        Request sample
      </Heading>
      <Tabs
        label="Sample language"
        group="language"
        selected={language}
        onSelect={setLanguage}
        items={samples.map((sample) => ({
          id: sample.id,
          // "JavaScript (fetch)" → "JavaScript": the recipes' tab names; the library shows in the code.
          label: sample.label.replace(/\s*\(.*\)$/, ''),
          longLabel: sample.label,
          content: <CodeBlock language={sample.language}>{personalise(sample.code, defaults, instance)}</CodeBlock>,
        }))}
      />
    </div>
  );
}

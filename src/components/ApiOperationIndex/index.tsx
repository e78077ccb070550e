import React, {type ReactNode} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import Heading from '@theme/Heading';
import type {TagSummary} from '@site/plugins/contract-publish';
import styles from './styles.module.css';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every operation of the contract, grouped by tag (data from plugins/contract-publish). */
export default function ApiOperationIndex(): ReactNode {
  const {tags} = usePluginData('contract-publish') as {tags: TagSummary[]};
  return (
    <>
      {tags.map((tag) => (
        <section key={tag.name}>
          <Heading as="h3" id={slug(tag.name)}>
            {tag.name}
          </Heading>
          {tag.description && <p>{tag.description}</p>}
          <ul className={styles.operations}>
            {tag.operations.map((op) => (
              <li key={`${op.method} ${op.path}`} id={op.operationId}>
                <span className={styles[op.method.toLowerCase()]}>{op.method}</span> <code>{op.path}</code> {op.summary}
                {op.deprecated && <em> (deprecated)</em>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

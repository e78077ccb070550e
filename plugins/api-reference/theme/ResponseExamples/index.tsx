import React, {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import type {ResponseModel} from '../../types';
import {SEARCH_SKIP} from '../ApiShell';
import Tabs from '../Tabs';
import styles from './styles.module.css';

interface Props {
  readonly responses: readonly ResponseModel[];
}

/**
 * One tab per documented status that has an example: the success first (the contract lists it
 * first), then the error payloads. The first success is selected.
 */
export default function ResponseExamples({responses}: Props): ReactNode {
  const withExample = responses.filter((r) => r.example !== undefined);
  const firstSuccess = withExample.find((r) => /^2/.test(r.code))?.code;
  const [selected, setSelected] = useState(firstSuccess ?? withExample[0]?.code ?? '');
  if (withExample.length === 0) return null;
  return (
    <div className={clsx(styles.examples, SEARCH_SKIP)}>
      <Heading as="h2" id="response-examples">
        Response examples
      </Heading>
      <Tabs
        label="Response status"
        group="status"
        selected={selected}
        onSelect={setSelected}
        items={withExample.map((r) => ({
          id: r.code,
          label: r.code === 'default' ? 'Other' : r.code,
          content: (
            <>
              <p className={styles.caption}>
                {r.code === 'default' ? 'Any other status' : `${r.code} ${r.statusText}`}
                {/^[45]|default/.test(r.code) && ': an example error payload; messages vary'}
              </p>
              <CodeBlock language="json">{r.example}</CodeBlock>
            </>
          ),
        }))}
      />
    </div>
  );
}

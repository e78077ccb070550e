import React, {type ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {ParameterModel} from '../../types';
import {TypeLabel} from '../SchemaTree';
import styles from './styles.module.css';

interface Props {
  readonly parameters: readonly ParameterModel[];
}

function Row({parameter: p}: {readonly parameter: ParameterModel}): ReactNode {
  useBrokenLinks().collectAnchor(p.anchor);
  return (
    <tr id={p.anchor} className={styles.row}>
      <th scope="row">
        <a className={styles.anchor} href={`#${p.anchor}`}>
          <code>{p.name}</code>
        </a>
      </th>
      <td>{p.in}</td>
      <td>
        <TypeLabel node={p.schema} />
        {p.schema.enum && (
          <div className={styles.enum}>
            One of:{' '}
            {p.schema.enum.map((v, i) => (
              <React.Fragment key={v}>
                {i > 0 && ', '}
                <code>{v}</code>
              </React.Fragment>
            ))}
          </div>
        )}
        {p.schema.constraints?.map((c) => (
          <div key={c} className={styles.enum}>
            {c}
          </div>
        ))}
      </td>
      <td>{p.required ? <strong>yes</strong> : 'no'}</td>
      <td>{p.descriptionHtml && <div dangerouslySetInnerHTML={{__html: p.descriptionHtml}} />}</td>
      <td>{p.example !== undefined && <code className={styles.example}>{p.example}</code>}</td>
    </tr>
  );
}

/** Path, query and header parameters; each row is an anchor (`#param-<in>-<name>`). */
export default function ParametersTable({parameters}: Props): ReactNode {
  return (
    <div className={styles.wrap} role="region" aria-label="Parameters" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Description</th>
            <th scope="col">Example</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => (
            <Row key={p.anchor} parameter={p} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

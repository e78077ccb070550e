import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import type {BodyModel, ResponseModel} from '../../types';
import {SEARCH_SKIP} from '../ApiShell';
import SchemaTree from '../SchemaTree';
import styles from './styles.module.css';
import fold from '../fold.module.css';

interface Props {
  readonly requestBody?: BodyModel;
  readonly responses: readonly ResponseModel[];
}

function Example({json, label, open}: {readonly json: string; readonly label: string; readonly open: boolean}) {
  return (
    <details className={clsx(fold.fold, SEARCH_SKIP)} open={open}>
      <summary>{label}</summary>
      <CodeBlock language="json">{json}</CodeBlock>
    </details>
  );
}

/**
 * The request body (schema and example) and every response's schema; the response examples are in
 * the sample column (../ResponseExamples).
 */
export default function OperationResponses({requestBody, responses}: Props): ReactNode {
  return (
    <>
      {requestBody && (
        <>
          <Heading as="h2" id="request-body">
            Request body
          </Heading>
          <p className={styles.meta}>
            <code>{requestBody.contentType}</code> · {requestBody.required ? 'required' : 'optional'}
          </p>
          {requestBody.descriptionHtml && <div dangerouslySetInnerHTML={{__html: requestBody.descriptionHtml}} />}
          {requestBody.schema && <SchemaTree node={requestBody.schema} idPrefix="body" />}
          {requestBody.example && <Example json={requestBody.example} label="Example request body" open />}
        </>
      )}
      <Heading as="h2" id="responses">
        Responses
      </Heading>
      {responses.map((r) => (
        <React.Fragment key={r.code}>
          <Heading as="h3" id={r.anchor} className={styles.status}>
            {r.code} {r.statusText}
          </Heading>
          {r.descriptionHtml && (
            <div className={styles.description} dangerouslySetInnerHTML={{__html: r.descriptionHtml}} />
          )}
          {r.schema && <SchemaTree node={r.schema} idPrefix={r.anchor} />}
        </React.Fragment>
      ))}
    </>
  );
}

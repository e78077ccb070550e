import React, {type ReactNode} from 'react';
import Heading from '@theme/Heading';
import type {OperationPageModel, SidebarModel} from '../../types';
import ApiShell from '../ApiShell';
import CodeSamples from '../CodeSamples';
import InstanceSetting from '../InstanceSetting';
import MethodBadge from '../MethodBadge';
import OperationResponses from '../OperationResponses';
import ParametersTable from '../ParametersTable';
import ResponseExamples from '../ResponseExamples';
import TryIt from '../TryIt';
import type {ConsoleOperation} from '../TryItConsole/request';
import type {SampleDefaults} from '../preferences';
import styles from './styles.module.css';

interface Props {
  readonly sidebar: SidebarModel;
  readonly page: OperationPageModel;
}

function consoleOperation(page: OperationPageModel): ConsoleOperation {
  return {
    method: page.method,
    path: page.path,
    server: page.defaultServer,
    parameters: page.parameters.map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required,
      example: p.example,
      isArray: Boolean(p.schema.items),
      explode: p.explode,
    })),
    body: page.requestBody ? (page.requestBody.example ?? '') : undefined,
  };
}

/** What the samples were generated with, so a reader's instance and project can replace it. */
function sampleDefaults(page: OperationPageModel): SampleDefaults {
  const project = page.parameters.find((p) => p.in === 'path' && p.name === 'projectUuid')?.example;
  return {server: page.defaultServer, projectUuids: ['PROJECT_UUID', ...(project ? [project] : [])]};
}

/**
 * One operation: everything needed to call it, server-rendered; the console loads on demand. On
 * wide screens the samples sit in a sticky column beside the text (styles.module.css).
 */
export default function OperationPage({sidebar, page}: Props): ReactNode {
  return (
    <ApiShell
      wide
      sidebar={sidebar}
      location={{tagSlug: page.tag.slug, operationId: page.operationId}}
      title={page.summary}
      description={page.descriptionText}
      keywords={[`${page.method.toUpperCase()} ${page.path}`, page.operationId, page.tag.name]}
      breadcrumbs={[
        {label: 'API', to: sidebar.overview},
        {label: page.tag.name, to: page.tag.permalink},
        {label: page.summary},
      ]}
      header={
        <p className={styles.endpoint}>
          <MethodBadge method={page.method} />
          <code className={styles.path}>{page.path}</code>
          {page.deprecated && <strong className={styles.deprecated}>Deprecated</strong>}
        </p>
      }
    >
      <div className={styles.columns}>
        <div className={styles.text}>
          {page.descriptionHtml && <div dangerouslySetInnerHTML={{__html: page.descriptionHtml}} />}
          <dl className={styles.facts}>
            {page.access && (
              <>
                <dt>{page.access.label}</dt>
                <dd>{page.access.text}</dd>
              </>
            )}
            <dt>Authentication</dt>
            <dd>
              {page.security.map((option, i) => (
                <React.Fragment key={option.label}>
                  {i > 0 && ' or '}
                  {option.label}
                  {option.code && (
                    <>
                      {' '}
                      <code>{option.code}</code>
                    </>
                  )}
                </React.Fragment>
              ))}
            </dd>
            <dt>Operation ID</dt>
            <dd>
              <code>{page.operationId}</code>
            </dd>
          </dl>
          <TryIt operation={consoleOperation(page)} />
          {page.parameters.length > 0 && (
            <>
              <Heading as="h2" id="parameters">
                Parameters
              </Heading>
              <ParametersTable parameters={page.parameters} />
            </>
          )}
          <OperationResponses requestBody={page.requestBody} responses={page.responses} />
        </div>
        <div className={styles.examples}>
          <InstanceSetting defaultServer={page.defaultServer} />
          <CodeSamples samples={page.codeSamples} defaults={sampleDefaults(page)} />
          <ResponseExamples responses={page.responses} />
        </div>
      </div>
    </ApiShell>
  );
}

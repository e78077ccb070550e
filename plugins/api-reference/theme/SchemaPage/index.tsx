import React, {type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import type {SchemaPageModel, SidebarModel} from '../../types';
import ApiShell, {SEARCH_SKIP} from '../ApiShell';
import SchemaTree from '../SchemaTree';
import {OperationList} from '../TagPage';

interface Props {
  readonly sidebar: SidebarModel;
  readonly page: SchemaPageModel;
}

/** A shared schema of the contract: its tree, an example, and the operations that use it. */
export default function SchemaPage({sidebar, page}: Props): ReactNode {
  return (
    <ApiShell
      sidebar={sidebar}
      location={{schemas: true}}
      title={page.name}
      description={page.descriptionText}
      keywords={[page.name, 'schema']}
      breadcrumbs={[{label: 'API', to: sidebar.overview}, {label: 'Schemas', to: sidebar.schemas}, {label: page.name}]}
    >
      <Heading as="h2" id="schema">
        Schema
      </Heading>
      <SchemaTree node={page.schema} idPrefix={page.name} />
      {page.example && (
        <>
          <Heading as="h2" id="example">
            Example
          </Heading>
          <div className={SEARCH_SKIP}>
            <CodeBlock language="json">{page.example}</CodeBlock>
          </div>
        </>
      )}
      <Heading as="h2" id="used-by">
        Used by
      </Heading>
      {page.usedBy.length > 0 ? (
        <OperationList operations={page.usedBy} />
      ) : (
        <p>No operation uses this schema directly or through another schema.</p>
      )}
    </ApiShell>
  );
}

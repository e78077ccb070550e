import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Heading from '@theme/Heading';
import type {OperationSummary, SidebarModel, TagPageModel} from '../../types';
import ApiShell from '../ApiShell';
import MethodBadge from '../MethodBadge';
import styles from './styles.module.css';

interface Props {
  readonly sidebar: SidebarModel;
  readonly page: TagPageModel;
}

/** A list of operations: method, path and summary, each linking to its page. */
interface ListProps {
  readonly operations: readonly OperationSummary[];
  /** Give each item its operationId as id (the overview: `/api/v1/#getSpace`). */
  readonly ids?: boolean;
}

export function OperationList({operations, ids}: ListProps): ReactNode {
  const brokenLinks = useBrokenLinks();
  if (ids) operations.forEach((op) => brokenLinks.collectAnchor(op.operationId));
  return (
    <ul className={styles.list}>
      {operations.map((op) => (
        <li key={op.operationId} id={ids ? op.operationId : undefined} className={styles.item}>
          {/* The spaces keep the text "GET Summary /path" for screen readers and text readers; flex ignores them. */}
          <MethodBadge method={op.method} />{' '}
          <span className={styles.text}>
            <Link to={op.permalink} className={styles.summary}>
              {op.summary}
            </Link>{' '}
            <code className={styles.path}>{op.path}</code>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One tag of the API: its description and its operations. */
export default function TagPage({sidebar, page}: Props): ReactNode {
  return (
    <ApiShell
      sidebar={sidebar}
      location={{tagSlug: page.slug}}
      title={page.name}
      description={page.descriptionText}
      breadcrumbs={[{label: 'API', to: sidebar.overview}, {label: page.name}]}
    >
      {page.descriptionHtml && <div dangerouslySetInnerHTML={{__html: page.descriptionHtml}} />}
      <Heading as="h2" id="operations">
        Operations
      </Heading>
      <OperationList operations={page.operations} />
    </ApiShell>
  );
}

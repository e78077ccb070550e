import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {SchemaIndexModel, SidebarModel} from '../../types';
import clsx from 'clsx';
import ApiShell, {SEARCH_SKIP} from '../ApiShell';
import styles from './styles.module.css';

interface Props {
  readonly sidebar: SidebarModel;
  readonly page: SchemaIndexModel;
}

/** Every shared schema of the contract, alphabetically. */
export default function SchemaIndexPage({sidebar, page}: Props): ReactNode {
  return (
    <ApiShell
      sidebar={sidebar}
      location={{schemas: true}}
      title="Schemas"
      description="The shared schemas of the Lightdash API: the entities that requests and responses are made of."
      breadcrumbs={[{label: 'API', to: sidebar.overview}, {label: 'Schemas'}]}
    >
      <p>The entities that requests and responses are made of. Each operation page links to the ones it uses.</p>
      {/* One paragraph naming all 331 schemas outranked real answers in search; each schema page is indexed. */}
      <ul className={clsx(styles.list, SEARCH_SKIP)}>
        {page.schemas.map((s) => (
          <li key={s.name}>
            <Link to={s.permalink}>
              <code>{s.name}</code>
            </Link>
            {s.summary && <span className={styles.summary}> {s.summary}</span>}
          </li>
        ))}
      </ul>
    </ApiShell>
  );
}

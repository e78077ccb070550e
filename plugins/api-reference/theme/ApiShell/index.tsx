import React, {createContext, useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import {PageMetadata} from '@docusaurus/theme-common';
import {useLocation} from '@docusaurus/router';
import PageMarkdownActions from '@site/src/components/PageMarkdownActions';
import {markdownPathFor} from '@site/plugins/markdown-export/markdownPath';
import type {Location, SidebarModel} from '../../types';
import ApiSidebar from '../ApiSidebar';
import {useRevealHash} from './revealHash';
import styles from './styles.module.css';

export interface Crumb {
  readonly label: string;
  readonly to?: string;
}

interface Props {
  readonly sidebar: SidebarModel;
  readonly location: Location;
  readonly title: string;
  readonly description: string;
  readonly keywords?: readonly string[];
  readonly breadcrumbs: readonly Crumb[];
  /** Shown under the h1, inside the page header (method and path of an operation...). */
  readonly header?: ReactNode;
  /** Wider than a docs page, for a page with a column of samples beside its text. */
  readonly wide?: boolean;
  readonly children: ReactNode;
}

export {SEARCH_SKIP} from './searchSkip';

const SchemasRoute = createContext<string>('/api/v1/schemas');

/** Route of a component schema's page, for $ref links anywhere in the API pages. */
export function useSchemaLink(name: string): string {
  return `${useContext(SchemasRoute)}/${name}`;
}

/**
 * The frame of every API page: sidebar by tag, breadcrumbs, and an article laid out like a docs
 * page (`article > .markdown > header > h1`, flat h2/h3 siblings) so the local search indexes
 * its headings and sections the way it indexes docs.
 */
export default function ApiShell(props: Props): ReactNode {
  const {sidebar, location, title, description, keywords, breadcrumbs, header, wide, children} = props;
  useRevealHash();
  // Every API page has a Markdown twin (plugins/markdown-export, issue 48): the same page menu as a doc's.
  const markdownUrl = markdownPathFor(useLocation().pathname);
  return (
    <Layout>
      <PageMetadata title={title} description={description} keywords={keywords?.join(', ')} />
      <SchemasRoute.Provider value={sidebar.schemas}>
        <div className={clsx(styles.shell, wide && styles.wide)}>
          <main className={styles.main}>
            <nav aria-label="Breadcrumbs" className={styles.breadcrumbs}>
              <ul className="breadcrumbs">
                {breadcrumbs.map((crumb) => (
                  <li
                    key={crumb.label}
                    className={crumb.to ? 'breadcrumbs__item' : 'breadcrumbs__item breadcrumbs__item--active'}
                  >
                    {crumb.to ? (
                      <Link className="breadcrumbs__link" to={crumb.to}>
                        {crumb.label}
                      </Link>
                    ) : (
                      <span className="breadcrumbs__link" aria-current="page">
                        {crumb.label}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
            <PageMarkdownActions markdownUrl={markdownUrl} />
            <article>
              <div className="markdown">
                <header>
                  <h1>{title}</h1>
                  {header}
                </header>
                {children}
              </div>
            </article>
          </main>
          {/* After the page in the document, beside it on screen (styles.module.css): readers, screen readers on
              a phone and agents reach the page first, as a phone shows it; the skip link stays for the navbar. */}
          <aside className={styles.sidebar}>
            <ApiSidebar sidebar={sidebar} location={location} />
          </aside>
        </div>
      </SchemasRoute.Provider>
    </Layout>
  );
}

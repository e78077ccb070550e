import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {Location, SidebarModel} from '../../types';
import MethodBadge from '../MethodBadge';
import styles from './styles.module.css';

interface Props {
  readonly sidebar: SidebarModel;
  readonly location: Location;
}

interface ItemProps {
  readonly to: string;
  /** Highlighted: this page, or the tag of this page. */
  readonly active: boolean;
  /** Exactly this page. */
  readonly current?: boolean;
  readonly children: ReactNode;
}

function Item({to, active, current = active, children}: ItemProps) {
  return (
    <Link
      className={clsx('menu__link', styles.link, active && 'menu__link--active')}
      to={to}
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

/**
 * Tags, with the operations of the current tag listed under it. Server-rendered and without
 * toggles, so it works with JavaScript off; the `menu__list-item-collapsible` wrapper is what the
 * local search reads to give API hits their "API › Tag" breadcrumb.
 */
export default function ApiSidebar({sidebar, location}: Props): ReactNode {
  const onOverview = !location.tagSlug && !location.schemas;
  return (
    <nav aria-label="API reference" className={clsx('menu', styles.menu)}>
      <ul className="menu__list">
        <li className="menu__list-item">
          <Item to={sidebar.overview} active={onOverview}>
            Overview
          </Item>
        </li>
        {sidebar.tags.map((tag) => {
          const current = tag.slug === location.tagSlug;
          return (
            <li key={tag.slug} className="menu__list-item">
              <div className="menu__list-item-collapsible">
                <Item to={tag.permalink} active={current} current={current && !location.operationId}>
                  {tag.name}
                </Item>
              </div>
              {current && (
                <ul className="menu__list">
                  {tag.operations.map((op) => (
                    <li key={op.operationId} className="menu__list-item">
                      <Item to={op.permalink} active={op.operationId === location.operationId}>
                        <MethodBadge method={op.method} small />
                        <span className={styles.summary}>{op.summary}</span>
                      </Item>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
        <li className="menu__list-item">
          <Item to={sidebar.schemas} active={Boolean(location.schemas)}>
            Schemas
          </Item>
        </li>
      </ul>
    </nav>
  );
}

import React, {useId, useRef, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export interface TabItem {
  readonly id: string;
  /** The tab's text. */
  readonly label: string;
  /** A longer name for the panel's heading when every panel shows (no JavaScript); else `label`. */
  readonly longLabel?: string;
  readonly content: ReactNode;
}

interface Props {
  /** What the tabs choose between, for screen readers: "Sample language". */
  readonly label: string;
  readonly items: readonly TabItem[];
  readonly selected: string;
  readonly onSelect: (id: string) => void;
  /** `data-tabs` of the wrapper, for styles that apply before hydration (see ../CodeSamples). */
  readonly group: string;
}

/** Where an arrow, Home or End key moves the selection (WAI-ARIA tabs, automatic activation). */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * ARIA tabs with the look of the docs' tabs (Infima's `tabs` classes, as the recipes' tabs), rendered on the server: every panel is in the HTML (the unselected ones `hidden`).
 * Without JavaScript a style (../../headTags.ts, NOSCRIPT_STYLE) shows them all, each under its label.
 */
export default function Tabs({label, items, selected, onSelect, group}: Props): ReactNode {
  const base = useId();
  const buttons = useRef<(HTMLLIElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = nextIndex(event.key, index, items.length);
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    onSelect(items[next].id);
  };
  return (
    <div className={styles.tabs} data-tabs={group}>
      <ul role="tablist" aria-label={label} className={clsx('tabs', styles.tablist)}>
        {items.map((item, index) => (
          <li
            key={item.id}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            role="tab"
            id={`${base}-tab-${item.id}`}
            aria-selected={item.id === selected}
            aria-controls={`${base}-panel-${item.id}`}
            tabIndex={item.id === selected ? 0 : -1}
            data-tab={item.id}
            className={clsx('tabs__item', styles.tab, item.id === selected && 'tabs__item--active')}
            onClick={() => onSelect(item.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </li>
        ))}
      </ul>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${base}-panel-${item.id}`}
          aria-labelledby={`${base}-tab-${item.id}`}
          hidden={item.id !== selected}
          data-tab={item.id}
          className={styles.panel}
        >
          <p className={styles.noscriptLabel} data-noscript-label>
            {item.longLabel ?? item.label}
          </p>
          {item.content}
        </div>
      ))}
    </div>
  );
}

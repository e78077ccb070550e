import type {CSSProperties} from 'react';

/**
 * Inline styles, not a CSS module: the site puts every stylesheet into the one file all pages load, so a module here
 * would add bytes to every page. These travel with the page's own chunk. Colours are Infima variables, which keep
 * WCAG AA contrast in both colour modes.
 */
const row: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem 0.75rem',
  marginBottom: '0.75rem',
};

export const styles = {
  explorer: {margin: '1.5rem 0 2rem'},
  question: row,
  presets: row,
  filters: {...row, alignItems: 'flex-end'},
  filterLabel: {
    display: 'flex',
    flexDirection: 'column',
    fontWeight: 'var(--ifm-font-weight-semibold)',
    fontSize: '0.9rem',
  },
  control: {
    padding: '0.25rem 0.5rem',
    border: '1px solid var(--ifm-color-emphasis-600)',
    borderRadius: 'var(--ifm-global-radius)',
    background: 'var(--ifm-background-surface-color)',
    color: 'var(--ifm-font-color-base)',
    font: 'inherit',
    fontWeight: 'normal',
  },
  answer: {
    marginBottom: '1.5rem',
    padding: '0.75rem 1rem',
    borderLeft: '4px solid var(--ifm-color-primary)',
    background: 'var(--ifm-color-emphasis-100)',
  },
  rule: {fontSize: '0.9rem', overflowWrap: 'anywhere', marginBottom: 0},
  count: {fontWeight: 'var(--ifm-font-weight-semibold)'},
  tableWrap: {overflowX: 'auto'},
  rowHeader: {fontWeight: 'normal', textAlign: 'left'},
  scope: {display: 'block', color: 'var(--ifm-color-emphasis-800)', fontSize: '0.85rem'},
  source: {color: 'var(--ifm-color-emphasis-800)', fontSize: '0.9rem'},
} satisfies Record<string, CSSProperties>;

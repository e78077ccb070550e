import type {CSSProperties} from 'react';

/**
 * Inline styles, not a CSS module: the site puts every stylesheet into the one file all pages load, so a module here
 * would add bytes to every page. These travel with the page's own chunk. Colours are Infima variables, which keep
 * WCAG AA contrast in both colour modes.
 */
export const styles = {
  builder: {margin: '1.5rem 0 2rem'},
  group: {
    margin: '0 0 1rem',
    padding: '0.5rem 1rem 0.75rem',
    border: '1px solid var(--ifm-color-emphasis-400)',
    borderRadius: 'var(--ifm-global-radius)',
  },
  legend: {padding: '0 0.25rem', fontWeight: 'var(--ifm-font-weight-semibold)'},
  option: {display: 'block', padding: '0.15rem 0'},
  why: {color: 'var(--ifm-color-emphasis-800)', fontSize: '0.9rem'},
  status: {fontWeight: 'var(--ifm-font-weight-semibold)'},
  secrets: {marginBottom: '1rem'},
  file: {marginTop: '1rem'},
  fileHead: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '0.5rem',
    marginBottom: '0.5rem',
  },
  fileName: {margin: 0, fontSize: '1rem'},
} satisfies Record<string, CSSProperties>;

import React, {useEffect, type ReactNode} from 'react';
import type {LoadingComponentProps} from 'react-loadable';
import styles from './styles.module.css';

/**
 * When a reader presses Retry, nested route components that failed in the same outage show their
 * own error next; they retry on their own within this window so one press recovers the page.
 */
const CASCADE_MS = 15_000;
let retryPressedRecently = false;

function pressRetry(retry: () => void) {
  retryPressedRecently = true;
  window.setTimeout(() => (retryPressedRecently = false), CASCADE_MS);
  retry();
}

/**
 * Replaces the core fallback (white on #fa383e is 3.6:1, below WCAG AA, and the box is not
 * announced): a spinner while a page chunk loads, a red alert with the error and Retry if it fails.
 */
export default function Loading({error, retry, pastDelay}: LoadingComponentProps): ReactNode {
  const cascading = Boolean(error) && retryPressedRecently;
  useEffect(() => {
    if (cascading) retry();
  }, [cascading, retry]);

  if (error && !cascading) {
    return (
      <div className={styles.errorBox} role="alert">
        <p>{String(error)}</p>
        <button type="button" className={styles.retry} onClick={() => pressRetry(retry)}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay || cascading) {
    return (
      <div className={styles.spinnerWrap} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.label}>Loading page…</span>
      </div>
    );
  }
  return null;
}

import React, {lazy, Suspense, useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {SEARCH_SKIP} from '../ApiShell';
import type {ConsoleOperation} from '../TryItConsole/request';
import styles from './styles.module.css';

interface Props {
  readonly operation: ConsoleOperation;
}

/** The console is its own chunk: fetched when the reader first presses "Try it", never before. */
const loadConsole = () => import('../TryItConsole');

/**
 * "Try it" button and the lazily loaded console. If the console's chunk cannot be fetched, the
 * reader gets the reason and a Retry button (a fresh import, which the bundler retries).
 */
export default function TryIt({operation}: Props): ReactNode {
  const id = useId();
  const isBrowser = useIsBrowser();
  const [open, setOpen] = useState(false);
  const [Console, setConsole] = useState(() => lazy(loadConsole));
  return (
    <div className={clsx(styles.tryIt, SEARCH_SKIP)}>
      <button
        type="button"
        className="button button--primary"
        aria-expanded={open}
        aria-controls={id}
        disabled={!isBrowser}
        title={isBrowser ? undefined : 'The console needs JavaScript'}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the console' : 'Try it'}
      </button>
      <div id={id}>
        {open && (
          <ErrorBoundary
            fallback={({error, tryAgain}) => (
              <div role="alert" className={styles.failed}>
                <p>
                  The console could not be loaded ({error.message}). Check your connection, then retry. The code samples
                  below work without it.
                </p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setConsole(() => lazy(loadConsole));
                    tryAgain();
                  }}
                >
                  Retry
                </button>
              </div>
            )}
          >
            <Suspense fallback={<p role="status">Loading the console…</p>}>
              <Console operation={operation} />
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
    </div>
  );
}

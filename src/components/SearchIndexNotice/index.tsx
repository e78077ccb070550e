import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  readonly reason: string;
  readonly compact?: boolean;
}

/** Tells the reader that search cannot work right now, and what still does. */
export default function SearchIndexNotice({reason, compact = false}: Props): ReactNode {
  return (
    <p role="alert" className={clsx(styles.notice, compact && styles.compact)}>
      Search is unavailable: {reason}. Browse with the sidebar, or reload the page to try again.
    </p>
  );
}

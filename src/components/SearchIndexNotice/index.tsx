import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  readonly reason: string;
  readonly compact?: boolean;
  /** Search still answers from part of the index (the first stage loaded, the rest did not). */
  readonly partial?: boolean;
}

/** Tells the reader that search cannot work right now (or only in part), and what still does. */
export default function SearchIndexNotice({reason, compact = false, partial = false}: Props): ReactNode {
  return (
    <p role="alert" className={clsx(styles.notice, compact && styles.compact)}>
      {partial ? 'Search is limited' : 'Search is unavailable'}: {reason}. Browse with the sidebar meanwhile; search
      tries again when you come back to it or your connection returns.
    </p>
  );
}

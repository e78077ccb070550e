import React, {type ReactNode} from 'react';
import {availabilityParts, type AvailabilityKey} from './availability';
import styles from './styles.module.css';

interface Props {
  /** Which availability applies; the wording lives in ./availability.ts so it is the same on every page. */
  readonly of: AvailabilityKey;
}

/** States where a plan- or deployment-limited feature is available, at the top of its page. */
export default function Availability({of}: Props): ReactNode {
  return (
    <aside className={styles.availability} aria-label="Availability">
      <strong className={styles.label}>Available on</strong>{' '}
      {availabilityParts(of).map((part, i) => (part.code ? <code key={i}>{part.text}</code> : part.text))}
    </aside>
  );
}

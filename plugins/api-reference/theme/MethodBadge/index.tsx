import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import type {HttpMethod} from '../../types';
import styles from './styles.module.css';

interface Props {
  readonly method: HttpMethod;
  readonly small?: boolean;
}

/** The HTTP method as a coloured label; the colours keep 4.5:1 contrast in light and dark mode. */
export default function MethodBadge({method, small}: Props): ReactNode {
  return <span className={clsx(styles.badge, styles[method], small && styles.small)}>{method.toUpperCase()}</span>;
}

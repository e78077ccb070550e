import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useActiveVersion} from '@docusaurus/plugin-content-docs/client';
import styles from './styles.module.css';

interface Tile {
  readonly title: string;
  /** Relative to the docs version being read (`get-started/intro`), or absolute (`/api/v1/`). */
  readonly to: string;
  readonly children: ReactNode;
}

interface Props {
  readonly tiles: readonly Tile[];
}

/** The navigation tiles of the docs home; each tile is one link so it is a single tab stop. */
export default function HomeTiles({tiles}: Props): ReactNode {
  const versionRoot = (useActiveVersion(undefined)?.path ?? '').replace(/\/$/, '');
  const resolve = (to: string) => (to.startsWith('/') ? to : `${versionRoot}/${to}`);
  return (
    <ul className={styles.tiles}>
      {tiles.map((tile) => (
        <li key={tile.to}>
          <Link className={styles.tile} to={resolve(tile.to)}>
            {/* A block of its own: readers of the text (and of the link's name) get "Get started", then the text. */}
            <div className={styles.title}>{tile.title}</div>
            <span className={styles.text}>{tile.children}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import React, {createContext, useContext, useMemo, useRef, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {SchemaNode} from '../../types';
import clsx from 'clsx';
import {SEARCH_SKIP, useSchemaLink} from '../ApiShell';
import {fieldIds} from './fieldIds';
import styles from './styles.module.css';
import {nestedLabel} from '../../schemaLabels';

/** The field ids of the tree being rendered (see ./fieldIds.ts). */
const FieldIds = createContext<ReadonlyMap<SchemaNode, string>>(new Map());

interface Props {
  readonly node: SchemaNode;
}

const isStructure = (n: SchemaNode) => Boolean(n.children || n.variants || n.items || n.values);

function RefLink({name}: {readonly name: string}): ReactNode {
  return <Link to={useSchemaLink(name)}>{name}</Link>;
}

/** `array of Space`, `string <uuid> (Uuid)`, `map of string`: the ref names link to their schema pages. */
export function TypeLabel({node}: Props): ReactNode {
  let label: ReactNode;
  if (node.items) label = <>array of {node.items.ref ? <RefLink name={node.items.ref} /> : node.items.type}</>;
  else if (node.ref && (isStructure(node) || node.truncated)) label = <RefLink name={node.ref} />;
  else if (node.ref)
    label = (
      <>
        {node.type} (<RefLink name={node.ref} />)
      </>
    );
  else label = node.type;
  return (
    <span className={styles.type}>
      {label}
      {node.nullable && ' | null'}
    </span>
  );
}

/** Description, allowed values and rules of one node. */
function Facts({node}: Props): ReactNode {
  return (
    <>
      {node.descriptionHtml && (
        <div className={styles.description} dangerouslySetInnerHTML={{__html: node.descriptionHtml}} />
      )}
      {node.enum && (
        <p className={styles.fact}>
          {node.enum.length === 1 ? 'Always ' : 'One of: '}
          {node.enum.map((value, i) => (
            <React.Fragment key={value}>
              {i > 0 && ', '}
              <code>{value}</code>
            </React.Fragment>
          ))}
        </p>
      )}
      {node.constraints?.map((c) => (
        <p key={c} className={styles.fact}>
          {c}
        </p>
      ))}
      {node.extends && node.extends.length > 0 && (
        <p className={styles.fact}>
          Includes{' '}
          {node.extends.map((name, i) => (
            <React.Fragment key={name}>
              {i > 0 && ', '}
              <RefLink name={name} />
            </React.Fragment>
          ))}
        </p>
      )}
    </>
  );
}

/** Properties, item and variants of a node, in that order. */
function Nested({node}: Props): ReactNode {
  const target = node.items ?? node.values;
  if (target) return target.children || target.variants ? <Nested node={target} /> : null;
  return (
    <>
      {node.children && (
        <ul className={styles.list}>
          {node.children.map((child) => (
            <Property key={child.name} node={child} />
          ))}
        </ul>
      )}
      {node.variants && (
        <ul className={styles.list}>
          {node.variants.map((variant) => (
            <Property key={variant.name} node={variant} variant />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The hover (and focus) link of a field: its URL names the field's path. The `#` it shows is drawn by CSS, so the
 * page's text reads `name type` as the Markdown twin does, not `#name type`.
 */
function FieldLink({id}: {readonly id: string}): ReactNode {
  return <a className={styles.fieldLink} href={`#${id}`} aria-label={`Link to ${id}`} />;
}

function Property({node, variant}: Props & {readonly variant?: boolean}): ReactNode {
  const nested = node.items ?? node.values ?? node;
  const hasNested = Boolean(nested.children?.length || nested.variants?.length);
  const id = useContext(FieldIds).get(node);
  return (
    <li className={styles.property} id={id}>
      <div className={styles.head}>
        {id && <FieldLink id={id} />}
        {variant ? (
          <span className={styles.variant}>{node.name}</span>
        ) : (
          <code className={styles.name}>{node.name}</code>
        )}{' '}
        <TypeLabel node={node} />
        {node.required && <span className={styles.required}> required</span>}
      </div>
      <Facts node={node} />
      {hasNested && (
        <details className={styles.details}>
          <summary>{nestedLabel(node)}</summary>
          <Nested node={node} />
        </details>
      )}
    </li>
  );
}

/** Opens or folds every level of one tree (native <details>, so the buttons need JavaScript). */
function FoldButtons({tree}: {readonly tree: React.RefObject<HTMLDivElement | null>}): ReactNode {
  const isBrowser = useIsBrowser();
  const setAll = (open: boolean) => tree.current?.querySelectorAll('details').forEach((d) => (d.open = open));
  return (
    <div className={styles.fold}>
      <button type="button" className={styles.foldButton} disabled={!isBrowser} onClick={() => setAll(true)}>
        Expand all
      </button>
      <button type="button" className={styles.foldButton} disabled={!isBrowser} onClick={() => setAll(false)}>
        Collapse all
      </button>
    </div>
  );
}

/**
 * A schema as a server-rendered tree: every property with its type, required mark, description,
 * allowed values and rules; nested objects, items and variants fold with <details>, which needs no JS.
 * Every field has an id named by its path under `idPrefix` (`body.name`), with a link to it.
 */
export default function SchemaTree({node, idPrefix}: Props & {readonly idPrefix: string}): ReactNode {
  const ids = useMemo(() => fieldIds(node, idPrefix), [node, idPrefix]);
  const tree = useRef<HTMLDivElement>(null);
  const nests = [...ids.keys()].some((field) => field.children || field.variants || field.items || field.values);
  return (
    <div className={clsx(styles.tree, SEARCH_SKIP)} ref={tree}>
      <div className={styles.top}>
        <p className={styles.rootType}>
          <TypeLabel node={node} />
        </p>
        {nests && <FoldButtons tree={tree} />}
      </div>
      <Facts node={node} />
      <FieldIds.Provider value={ids}>
        <Nested node={node} />
      </FieldIds.Provider>
    </div>
  );
}

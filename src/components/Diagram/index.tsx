import CodeBlock from '@theme/CodeBlock';
import styles from './styles.module.css';

/**
 * A mermaid diagram, rendered ahead of time (npm run diagrams) and put here by plugins/remark-diagrams
 * in place of the ```mermaid block. Both SVGs are in the HTML; CSS shows the one of the colour mode
 * (html[data-theme]), so it works without JavaScript, and lazy loading never fetches the hidden one.
 */
interface DiagramProps {
  /** URLs of the SVGs. */
  light: string;
  dark: string;
  width: string;
  height: string;
  /** Text alternative: the block's accTitle/accDescr, or a description read off the source. */
  alt: string;
  /** The mermaid source, shown under "Diagram source". */
  source: string;
  hash: string;
}

export default function Diagram({light, dark, width, height, alt, source, hash}: DiagramProps) {
  const image = {width, height, alt, loading: 'lazy', decoding: 'async'} as const;
  return (
    <figure className={styles.diagram} data-diagram={hash}>
      <img {...image} className={styles.light} src={light} />
      <img {...image} className={styles.dark} src={dark} />
      {/* diagram-source: the search index leaves it out (docusaurus.config.ts). */}
      <details className={`${styles.source} diagram-source`}>
        <summary>Diagram source</summary>
        <CodeBlock language="text">{source}</CodeBlock>
      </details>
    </figure>
  );
}

import useBrokenLinks from '@docusaurus/useBrokenLinks';
import styles from './styles.module.css';

/**
 * A section id that links from elsewhere still use, usually an id of the old docs site printed by the Lightdash app
 * (tests/fixtures/product-links.yaml lists them). A heading can carry one id only, so the old id goes on an empty
 * span at the place the old section's content now is. It has no text and no role, so screen readers skip it; it is
 * only a target for `#old-id`. Registering it with Docusaurus keeps links to it inside the docs from failing the
 * build's broken-anchor check.
 */
export default function Anchor({id}: {id: string}) {
  useBrokenLinks().collectAnchor(id);
  return <span id={id} className={styles.anchor} />;
}

import MDXComponents from '@theme-original/MDXComponents';
import HomeTiles from '@site/src/components/HomeTiles';
import Diagram from '@site/src/components/Diagram';

// The one place MDX globals are registered, so pages need no import for site components.
export default {
  ...MDXComponents,
  HomeTiles,
  // Put in place of ```mermaid blocks by plugins/remark-diagrams.
  Diagram,
};

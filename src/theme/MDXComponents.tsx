import MDXComponents from '@theme-original/MDXComponents';
import HomeTiles from '@site/src/components/HomeTiles';
import Diagram from '@site/src/components/Diagram';
import Availability from '@site/src/components/Availability';

// The one place MDX globals are registered, so pages need no import for site components.
export default {
  ...MDXComponents,
  HomeTiles,
  // Where a plan- or deployment-limited feature is available, worded once (components/Availability/availability.ts).
  Availability,
  // Put in place of ```mermaid blocks by plugins/remark-diagrams.
  Diagram,
};

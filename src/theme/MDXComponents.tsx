import MDXComponents from '@theme-original/MDXComponents';
import HomeTiles from '@site/src/components/HomeTiles';
import Diagram from '@site/src/components/Diagram';
import Availability from '@site/src/components/Availability';
import Anchor from '@site/src/components/Anchor';
import {WarehouseSql, WarehouseVariant} from '@site/plugins/warehouse-sql/theme/WarehouseSql';

// The one place MDX globals are registered, so pages need no import for site components.
export default {
  ...MDXComponents,
  HomeTiles,
  // Where a plan- or deployment-limited feature is available, worded once (components/Availability/availability.ts).
  Availability,
  // An old section id kept as a link target (`<Anchor id="old-id" />`), e.g. one the Lightdash app links to.
  Anchor,
  // Put in place of ```mermaid blocks by plugins/remark-diagrams.
  Diagram,
  // Put around ```sql warehouses="…" variants by plugins/warehouse-sql.
  WarehouseSql,
  WarehouseVariant,
};

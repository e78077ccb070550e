import MDXComponents from '@theme-original/MDXComponents';
import HomeTiles from '@site/src/components/HomeTiles';

// The one place MDX globals are registered, so pages need no import for site components.
export default {
  ...MDXComponents,
  HomeTiles,
};

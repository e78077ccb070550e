import type {Plugin} from '@docusaurus/types';
import {NOSCRIPT_CSS, prePaintScript} from './warehouses';

/**
 * SQL examples in the reader's warehouse dialect (issue 39; see README.md). This plugin adds the head tags; the
 * remark plugin (./remark.ts) is registered with the docs in docusaurus.config.ts, the components (./theme) in
 * src/theme/MDXComponents.tsx. postbuild.mjs adds the inline script's hash to the Content-Security-Policy.
 */
export default function warehouseSqlPlugin(): Plugin {
  return {
    name: 'warehouse-sql',
    injectHtmlTags() {
      return {
        headTags: [
          {tagName: 'script', innerHTML: prePaintScript()},
          {tagName: 'style', innerHTML: NOSCRIPT_CSS},
        ],
      };
    },
  };
}

import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Points the bundles' `prism-react-renderer` at src/lib/prism: the same `Highlight` and `Prism`
 * exports, without the ~20 grammars the package registers on every page load. See README.md.
 * The Node side (docusaurus.config.ts reads the package's colour themes) is not bundled, so it
 * keeps the real package.
 */
export default function lightPrismPlugin(context: LoadContext): Plugin {
  return {
    name: 'light-prism',
    configureWebpack() {
      return {
        resolve: {
          alias: {'prism-react-renderer$': path.join(context.siteDir, 'src/lib/prism/index.tsx')},
        },
      };
    },
  };
}

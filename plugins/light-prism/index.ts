import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Points the bundles' `prism-react-renderer` at src/lib/prism: the same `Highlight` and `Prism`
 * exports, without the ~20 grammars the package registers on every page load. See README.md.
 * The Node side (docusaurus.config.ts reads the package's colour themes) is not bundled, so it
 * keeps the real package.
 * It also empties the theme's `prism-include-languages` client module, which would put Prism into
 * the main bundle of every page only to register `additionalLanguages`, which we leave empty.
 */
export default function lightPrismPlugin(context: LoadContext): Plugin {
  const prismConfig = (context.siteConfig.themeConfig as {prism?: {additionalLanguages?: string[]}}).prism;
  if (prismConfig?.additionalLanguages?.length) {
    throw new Error(
      'light-prism: themeConfig.prism.additionalLanguages is ignored here; add the grammar to src/lib/prism/grammars.ts instead.',
    );
  }
  const themeClientModule = path.join(
    context.siteDir,
    'node_modules/@docusaurus/theme-classic/lib/prism-include-languages',
  );
  return {
    name: 'light-prism',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            'prism-react-renderer$': path.join(context.siteDir, 'src/lib/prism/index.tsx'),
            // The theme's client module, required by absolute path without extension from every
            // page's entry (.docusaurus/client-modules.js).
            [`${themeClientModule}$`]: path.join(context.siteDir, 'src/lib/prism/no-client-languages.ts'),
          },
        },
      };
    },
  };
}

/**
 * The site's two code themes, read by docusaurus.config.ts (themeConfig.prism) and by the tests.
 * Node-side only: in the bundles `prism-react-renderer` is our own module, without `themes`.
 */
import {themes as prismThemes, type PrismTheme} from 'prism-react-renderer';

/** A code theme with one token type recoloured. */
const recolour = (theme: PrismTheme, tokenType: string, color: string): PrismTheme => ({
  ...theme,
  styles: theme.styles.map((s) => (s.types.includes(tokenType) ? {...s, style: {...s.style, color}} : s)),
});

/**
 * Code themes with every token at WCAG 2.1 AA contrast (4.5:1) on the code background: VS Code's light
 * theme, whose red attribute names reach only 4.0:1, and Dracula, whose comments reach only 3.0:1.
 */
export const codeThemeLight = recolour(prismThemes.vsLight, 'attr-name', 'rgb(224, 0, 0)');
export const codeThemeDark = recolour(prismThemes.dracula, 'comment', 'rgb(135, 150, 200)');

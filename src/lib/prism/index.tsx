/**
 * What the site's bundles get for `import ... from 'prism-react-renderer'` (plugins/light-prism):
 * our Prism instance and a Highlight with the same interface. The classic theme's
 * CodeBlock/Content is the only importer; it passes the current colour mode's theme, which this
 * Highlight ignores: it writes both modes' colours (see `bothModes` in ./highlight.ts), so the
 * markup does not depend on the mode.
 */
import React, {type ReactElement} from 'react';
import type {PrismTheme} from 'prism-react-renderer';
import {useThemeConfig} from '@docusaurus/theme-common';
import Prism from './grammars';
import {Highlight as HighlightWith, type RenderProps} from './highlight';

export {Prism};

interface Props {
  theme: PrismTheme;
  language: string;
  code: string;
  children(props: RenderProps): ReactElement;
}

export function Highlight(props: Props): ReactElement {
  const {prism} = useThemeConfig();
  const theme = prism.theme as PrismTheme;
  return (
    <HighlightWith
      {...props}
      prism={Prism}
      theme={theme}
      darkTheme={(prism.darkTheme as PrismTheme | undefined) ?? theme}
    />
  );
}

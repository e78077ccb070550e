/**
 * What the site's bundles get for `import ... from 'prism-react-renderer'` (plugins/light-prism):
 * our Prism instance and a Highlight with the same interface. Docusaurus's CodeBlock and its
 * prism-include-languages are the only importers.
 */
import React, {type ReactElement} from 'react';
import type {PrismTheme} from 'prism-react-renderer';
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
  return <HighlightWith {...props} prism={Prism} />;
}

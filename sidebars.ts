import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {docsIn, sidebarFor} from './src/informationArchitecture';

// Next's sidebar; the released version's is generated from the same architecture by
// scripts/sync-released-docs.mjs. Only a default export: Docusaurus reads every export as a sidebar.
const sidebars: SidebarsConfig = {
  docs: sidebarFor(docsIn(path.join(__dirname, 'docs'))) as SidebarsConfig[string],
};

export default sidebars;

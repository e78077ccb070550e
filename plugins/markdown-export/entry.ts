/**
 * Markdown export's front door for code outside the plugin (the docs MCP server): where a page's Markdown copy
 * lives. Not `index.ts`, which is the Docusaurus plugin and loads the whole export. eslint.config.mjs keeps mcp/
 * and scripts/ from importing a deeper file.
 */
export {markdownPathFor, markdownPathOfPage, pagePathOfMarkdown} from './markdownPath';

/**
 * Warehouse SQL's front door for code outside the plugin (the docs MCP server's `get_page`, which keeps one
 * warehouse's SQL): the warehouses and the Markdown filter. Not `index.ts`, which is the Docusaurus plugin.
 * eslint.config.mjs keeps mcp/ and scripts/ from importing a deeper file.
 */
export {onlyWarehouse} from './markdown';
export {WAREHOUSE_IDS, WAREHOUSES, warehouseLabel, type WarehouseId} from './warehouses';

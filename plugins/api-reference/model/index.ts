/**
 * The API reference model's front door for plain-data code outside the plugin (the docs MCP server's
 * `get_api_operation`): reading an OpenAPI document as the reference pages read it, with no dependency, so the
 * server loads none of the page builders. Node code that needs the plugin's other exports uses `../index.ts`;
 * React code uses `../theme/index.ts`. eslint.config.mjs keeps mcp/ and scripts/ from importing a deeper file.
 */
export {lookupRef, mergeParameters, refName, type OpenApiDocument, type Operation, type Parameter} from './openapi';

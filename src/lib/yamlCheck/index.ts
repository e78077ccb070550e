/**
 * The YAML checker's front door: what code outside src/lib/yamlCheck may use (the docs MCP server's
 * `validate_yaml`, scripts/bench-yaml-check.mjs). eslint.config.mjs keeps mcp/ and scripts/ from importing
 * a deeper file, so the checker's modules can be split or renamed without touching them.
 */
export {
  checkDbtYaml,
  DEFAULT_VERSION,
  LIGHTDASH_VERSIONS,
  MAX_PROBLEMS,
  MAX_YAML_CHARS,
  type CheckOptions,
  type LightdashVersion,
  type Severity,
  type YamlCheckResult,
  type YamlProblem,
} from './checkYaml';

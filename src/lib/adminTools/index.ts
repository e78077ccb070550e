/**
 * The admin tools' front door: what code outside src/lib/adminTools may use (the docs MCP server's
 * `build_self_host_config` and `check_permission`). eslint.config.mjs keeps mcp/ and scripts/ from importing a
 * deeper file.
 */
import extract from './sourceExtract.json';
import type {ComposeBase} from './selfHostConfig';

export {buildConfig, choiceToSearch, ChoiceError, DEPLOYMENTS, NEEDS, PLACEHOLDER} from './selfHostConfig';
export {
  ACTIONS,
  apiOperations,
  checkPermission,
  docsPath,
  operationPath,
  ORGANIZATION_ROLES,
  parseQuestion,
  PERMISSIONS,
  roleHas,
  ruleCitation,
  ruleUrl,
  SCOPE_LABELS,
  SOURCE,
  SUBJECTS,
} from './permissions';

/** The variables the released Lightdash's base docker-compose.yml already passes to the lightdash service (sourceExtract.json). */
export const COMPOSE_BASE: ComposeBase = extract.compose;
/** The Helm chart the builder's Helm keys were read from: `{repo, commit, date}` (sourceExtract.json). */
export const HELM_SOURCE = extract.sources.helm;

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Front doors (issue 47): code outside a feature uses it through one entry file, so a feature's own modules can
// change without breaking the docs MCP server or a script. mcp/ and scripts/ may import only these files from
// src/ and plugins/; each feature's README names its entry ("Use from outside").
export const FRONT_DOORS = [
  'src/search/engine.ts',
  // The search index's document types in plain JavaScript, for scripts that Node runs without the loader hooks
  // of mcp/lib/search (scripts/search-indexes.mjs, in postbuild).
  'src/search/documentTypes.mjs',
  // Possessives indexed as their word: the same rule for scripts/search-indexes.mjs and the typed words.
  'src/search/possessives.mjs',
  'src/lib/yamlCheck/index.ts',
  'src/lib/adminTools/index.ts',
  'plugins/markdown-export/entry.ts',
  'plugins/warehouse-sql/entry.ts',
  'plugins/api-reference/model/index.ts',
  // The released version (README "Cut a docs version"): one module for the site, the MCP server and the scripts.
  'src/lib/releasedVersion.mjs',
];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A module path into src/ or plugins/ that is not a front door. */
const PAST_A_FRONT_DOOR = `^(?:@site/|(?:\\.\\.?/)+)(?!(?:${FRONT_DOORS.map(escapeRegex).join('|')})$)(?:src|plugins)/`;
const FRONT_DOOR_MESSAGE = `mcp/ and scripts/ use a feature through its entry file only: ${FRONT_DOORS.join(', ')}.`;
// Replacing fetch or location for the whole process changes them for everything else it runs (under
// `npm run serve`, the static server): hand a reader or a base URL to the code that needs one instead.
const NO_GLOBAL_PATCH = [
  {
    selector:
      'AssignmentExpression > MemberExpression.left[object.name=/^(globalThis|global)$/][property.name=/^(fetch|location)$/]',
    message: 'Do not replace globalThis.fetch or globalThis.location: pass a reader or a base URL instead.',
  },
  {
    selector:
      "CallExpression[callee.object.name='Object'][callee.property.name='defineProperty'][arguments.0.name=/^(globalThis|global)$/][arguments.1.value=/^(fetch|location)$/]",
    message: 'Do not redefine globalThis.fetch or globalThis.location: pass a reader or a base URL instead.',
  },
];

export default tseslint.config(
  {ignores: ['build/', 'build-e2e/', '.docusaurus/', 'generated/', 'node_modules/', 'test-results/', 'bench-results/']},
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {globals: {...globals.browser, ...globals.node}},
    plugins: {'react-hooks': reactHooks},
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Docusaurus plugins are loaded as CommonJS (jiti) and resolve their client modules with require.resolve.
      '@typescript-eslint/no-require-imports': ['error', {allow: ['^\\./client$']}],
      'no-restricted-syntax': ['error', ...NO_GLOBAL_PATCH],
    },
  },
  {
    files: ['mcp/**', 'scripts/**'],
    rules: {
      'no-restricted-imports': ['error', {patterns: [{regex: PAST_A_FRONT_DOOR, message: FRONT_DOOR_MESSAGE}]}],
      // The same for import(): esquery's regular expressions cannot hold a slash, written \x2F here.
      'no-restricted-syntax': [
        'error',
        ...NO_GLOBAL_PATCH,
        {
          selector: `ImportExpression > Literal.source[value=/${PAST_A_FRONT_DOOR.replaceAll('/', '\\x2F')}/]`,
          message: FRONT_DOOR_MESSAGE,
        },
      ],
    },
  },
);

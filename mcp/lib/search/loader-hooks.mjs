/**
 * Module hooks that let Node run the search plugin's browser modules (its tokenizer and query building,
 * which the site's search engine, src/search/engine.ts, calls) unchanged.
 *
 * @easyops-cn/docusaurus-search-local ships its browser code (`dist/client/`) as ES modules without
 * `"type": "module"` and with extensionless relative imports, written for a bundler. Node needs two
 * things a bundler gives it:
 * - those files are ES modules, and `./tokenize` means `./tokenize.js`;
 * - `proxiedGeneratedConstants` re-exports a module Docusaurus writes at build time: our copy of the
 *   same constants (`generated-constants.mjs`).
 * It also loads the site's own TypeScript modules (`src/...`, such as the site's search and its
 * engine, `src/search/engine.ts`) by stripping their types with the repository's `typescript`, since
 * Node 20 cannot run `.ts` files.
 * Registered by `register.mjs` before the engine is imported; every other module loads as usual.
 */
const PLUGIN_CLIENT = '/@easyops-cn/docusaurus-search-local/dist/client/';
const CONSTANTS = new URL('./generated-constants.mjs', import.meta.url).href;

const inPluginClient = (url) => typeof url === 'string' && url.includes(PLUGIN_CLIENT);

const isTypeScript = (url) =>
  typeof url === 'string' && url.startsWith('file:') && /\.tsx?$/.test(url) && !url.includes('/node_modules/');

export async function resolve(specifier, context, nextResolve) {
  // `./ranking` imported by a TypeScript module means `./ranking.ts`.
  if (isTypeScript(context.parentURL) && specifier.startsWith('.') && !/\.([cm]?[jt]sx?|json)$/.test(specifier)) {
    return nextResolve(`${specifier}.ts`, context);
  }
  // The site's search (src/search) imports the constants by their package path, the plugin's own
  // modules by a relative one.
  const constants = /(^|\/)proxiedGeneratedConstants(\.js)?$/.test(specifier);
  if (constants && (inPluginClient(context.parentURL) || specifier.includes(PLUGIN_CLIENT.slice(1)))) {
    return {url: CONSTANTS, shortCircuit: true};
  }
  if (!inPluginClient(context.parentURL)) return nextResolve(specifier, context);
  if (specifier.startsWith('.') && !/\.[cm]?js$/.test(specifier)) {
    return nextResolve(`${specifier}.js`, context);
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (isTypeScript(url)) return loadTypeScript(url);
  if (inPluginClient(url) && url.endsWith('.js')) return nextLoad(url, {...context, format: 'module'});
  return nextLoad(url, context);
}

/**
 * url → transpiled source. Where the hooks thread serves several threads (the tool workers of
 * mcp/lib/toolPool.mjs, started again after each stopped call), each module is transpiled once.
 */
const transpiled = new Map();

async function loadTypeScript(url) {
  if (!transpiled.has(url)) transpiled.set(url, transpile(url));
  return {format: 'module', source: await transpiled.get(url), shortCircuit: true};
}

async function transpile(url) {
  const {readFile} = await import('node:fs/promises');
  const {default: ts} = await import('typescript');
  const source = await readFile(new URL(url), 'utf8');
  const {outputText} = ts.transpileModule(source, {
    fileName: new URL(url).pathname,
    compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false},
  });
  // A bundler imports JSON as a module; Node wants the import attribute (src/lib/adminTools imports its data so).
  return outputText.replace(/(from\s+'[^']+\.json')(;)/g, "$1 with {type: 'json'}$2");
}

/**
 * The client bundle's entry (see README.md). Evaluating the main bundle was one task of ~40-80 ms
 * on a fast machine, four times that on a phone, and the page cannot answer a tap meanwhile.
 * The same modules are evaluated here in steps with a yield to the browser between them: each
 * `require` leaves its module in webpack's cache, so Docusaurus's entry, required last, finds
 * them ready and runs as before. Each step leaves a performance mark (`staged-start:<name>`).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- synchronous evaluation of modules already in this bundle, one step at a time; import() would move them into other files */
const steps: [name: string, evaluate: () => unknown][] = [
  ['react-dom', () => require('react-dom/client')],
  // Every chunk's loader, by chunk name: the largest module of the bundle.
  ['registry', () => require('@generated/registry')],
  // The route table, with each route's chunk names and loadable component.
  ['routes', () => require('@generated/routes')],
  // The theme's and plugins' client modules (nprogress, our guards and analytics, the CSS).
  ['client-modules', () => require('@generated/client-modules')],
  // Docusaurus's own entry: the app, then preloading the page's chunks and hydration.
  ['app', () => require('@docusaurus-client-entry')],
];
/* eslint-enable @typescript-eslint/no-require-imports */

function run(index: number): void {
  const [name, evaluate] = steps[index];
  evaluate();
  performance.mark(`staged-start:${name}`);
  if (index + 1 < steps.length) setTimeout(() => run(index + 1), 0);
}

run(0);

import type axeCore from 'axe-core';
import type {Page} from '@playwright/test';

/**
 * Where scripts/serve.mjs --with-axe serves axe-core. A copy: Playwright's loader fails on importing
 * serve.mjs ("exports is not defined in ES module scope"); tests/unit/serve.test.ts checks the two agree.
 */
export const AXE_PATH = '/__test/axe.min.js';

/** The rules every page must pass: WCAG 2.1 levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG 2.1 A/AA rules of axe-core whose outcome depends on the colours a page computes: text
 * contrast, and links told from the text around them by colour alone. Every other rule judges markup,
 * names and roles, which the colour mode does not change (the mode only swaps CSS variables and which
 * diagram image shows; the crawl checks the shown image's text alternative itself). A page's second
 * colour mode needs only these: they are about 60 % of axe's time.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

interface Check {
  include?: string;
  rules?: string[];
}

interface Failure {
  id: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (the copy scripts/serve.mjs serves, so the page's CSP allows it and the
 * browser keeps its compiled code between pages) and returns the rules that fail.
 *
 * axe-core's full report describes every node of every rule, passes included: a CSS selector and an
 * HTML excerpt for each of the thousands of nodes a page has, sent back to the test. That reporting
 * cost more than the rules themselves (about a third of the crawl's CPU). So the first pass runs the
 * rules with `selectors: false` and returns only the ids of failed rules (selectors and excerpts are
 * computed after the rules have judged, so the outcome is the same); only a page that fails is
 * checked again, for those rules only, with the selectors a reader needs to find the cause.
 *
 * `resultTypes: ['violations']`, axe's own switch for this, is not used: it truncates the passes that
 * page-level rules (`region`, `landmark-one-main`) aggregate, and reports violations a full run does
 * not. This once went through @axe-core/playwright's AxeBuilder in legacy mode, which does the same
 * in-page run; its 4.14 release asks for Node 22, and the site has no frames for it to merge.
 */
async function runAxe(page: Page, {include, rules}: Check, withSelectors: boolean): Promise<Failure[]> {
  await loadAxe(page);
  return page.evaluate(
    async ({tags, include, rules, withSelectors}) => {
      const axe = (window as unknown as {axe: typeof axeCore}).axe;
      const context = include ? {include: [include]} : document;
      const runOnly = rules ? {type: 'rule' as const, values: rules} : {type: 'tag' as const, values: tags};
      const results = await axe.run(context, {runOnly, selectors: withSelectors});
      return results.violations.map(({id, nodes}) => ({
        id,
        targets: withSelectors ? nodes.map((node) => node.target.join(' ')) : [],
      }));
    },
    {tags: WCAG_TAGS, include, rules, withSelectors},
  );
}

/** Loads axe-core once per document, configured without HTML excerpts. */
async function loadAxe(page: Page) {
  const loaded = await page.evaluate(async (src) => {
    if (!('axe' in window)) {
      const ok = await new Promise<boolean>((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve(true);
        script.onerror = () => resolve(false);
        document.head.append(script);
      });
      if (!ok) return false;
    }
    const axe = (window as unknown as {axe: typeof axeCore}).axe;
    axe.configure({allowedOrigins: ['<same_origin>'], noHtml: true, branding: {application: 'playwright'}});
    return true;
  }, AXE_PATH);
  if (!loaded) throw new Error(`could not load ${AXE_PATH}: is the site served by scripts/serve.mjs --with-axe?`);
}

/**
 * One line per failed rule: its id, how many elements fail it, and the first few of them. `include`
 * (a CSS selector) limits the check to a part of the page; `rules` (axe rule ids, e.g. COLOUR_RULES)
 * runs only those instead of every WCAG 2.1 A/AA rule.
 */
export async function axeViolations(page: Page, check: Check = {}): Promise<string[]> {
  const failed = (await runAxe(page, check, false)).map(({id}) => id);
  if (failed.length === 0) return [];
  const described = await runAxe(page, {include: check.include, rules: failed}, true);
  const lines = described.map(({id, targets}) => {
    // The first few elements are enough to find the cause; the count says how widespread it is.
    const more = targets.length > 3 ? ` and ${targets.length - 3} more` : '';
    return `axe ${id} on ${targets.length} element(s): ${targets.slice(0, 3).join(' | ')}${more}`;
  });
  // A failure the second run does not reproduce (the page changed in between) is still a failure.
  const undescribed = failed.filter((id) => !described.some((failure) => failure.id === id));
  return [...lines, ...undescribed.map((id) => `axe ${id} (not reproduced by the detailed run)`)];
}

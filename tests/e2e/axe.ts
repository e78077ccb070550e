import AxeBuilder from '@axe-core/playwright';
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
 * axe-core's full report describes every node of every rule, passes included: a CSS selector and an
 * HTML excerpt for each of the thousands of nodes a page has, sent back to the test. That reporting
 * cost more than the rules themselves (about a third of the crawl's CPU). The lean pass runs the same
 * rules on the same document with the same outcome (selectors and HTML excerpts are computed after the
 * rules have judged) and returns only the ids of failed rules; only a page that fails is analysed again
 * by @axe-core/playwright, for the selectors a reader needs to find the cause.
 *
 * `resultTypes: ['violations']`, axe's own switch for this, is not used: it truncates the passes that
 * page-level rules (`region`, `landmark-one-main`) aggregate, and reports violations a full run does
 * not.
 */
async function failedRuleIds(page: Page, include?: string): Promise<string[]> {
  await loadAxe(page);
  return page.evaluate(
    async ({tags, include}) => {
      const axe = (window as unknown as {axe: typeof axeCore}).axe;
      const context = include ? {include: [include]} : document;
      const results = await axe.run(context, {runOnly: {type: 'tag', values: tags}, selectors: false});
      return results.violations.map((violation) => violation.id);
    },
    {tags: WCAG_TAGS, include},
  );
}

/**
 * axe-core as a same-origin script (scripts/serve.mjs --with-axe serves it; the page's CSP allows
 * 'self'). The browser caches it and its compiled code for the context, so a page after the first pays
 * little for it; evaluating the source in each page cost about 0.4 CPU-seconds a page. Configured as
 * AxeBuilder's legacy mode, minus the HTML excerpts.
 */
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
 * (a CSS selector) limits the check to a part of the page, as AxeBuilder's `include` does.
 */
export async function axeViolations(page: Page, {include}: {include?: string} = {}): Promise<string[]> {
  const failed = await failedRuleIds(page, include);
  if (failed.length === 0) return [];
  // Legacy mode runs axe in the page itself; the default opens a second page per run to merge frame
  // results, which costs more than the check on a site without iframes.
  const builder = new AxeBuilder({page}).withTags(WCAG_TAGS).setLegacyMode(true);
  const results = await (include ? builder.include(include) : builder).analyze();
  const described = results.violations.map(({id, nodes}) => {
    // The first few elements are enough to find the cause; the count says how widespread it is.
    const targets = nodes.slice(0, 3).map((node) => node.target.join(' '));
    const more = nodes.length > 3 ? ` and ${nodes.length - 3} more` : '';
    return `axe ${id} on ${nodes.length} element(s): ${targets.join(' | ')}${more}`;
  });
  // A failure the second run does not reproduce (the page changed in between) is still a failure.
  const undescribed = failed.filter((id) => !results.violations.some((violation) => violation.id === id));
  return [...described, ...undescribed.map((id) => `axe ${id} (not reproduced by the detailed run)`)];
}

import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';
import type {Page} from '@playwright/test';

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
async function failedRuleIds(page: Page): Promise<string[]> {
  // Same configuration as AxeBuilder's legacy mode, minus the HTML excerpts.
  await page.evaluate(
    `${axeCore.source};axe.configure({allowedOrigins: ['<same_origin>'], noHtml: true, branding: {application: 'playwright'}});`,
  );
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as {axe: typeof axeCore}).axe;
    const results = await axe.run(document, {runOnly: {type: 'tag', values: tags}, selectors: false});
    return results.violations.map((violation) => violation.id);
  }, WCAG_TAGS);
}

/** One line per failed rule: its id, how many elements fail it, and the first few of them. */
export async function axeViolations(page: Page): Promise<string[]> {
  const failed = await failedRuleIds(page);
  if (failed.length === 0) return [];
  // Legacy mode runs axe in the page itself; the default opens a second page per run to merge frame
  // results, which costs more than the check on a site without iframes.
  const results = await new AxeBuilder({page}).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
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

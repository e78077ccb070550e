/**
 * The search box on a page of a section (the plugin's search contexts: Guides, References, …). A reader
 * on a guide who types a self-hosting question must not hit a dead end, and a section's own index
 * cannot tell when it is the wrong place to look: its best line for "okta sso setup" is a CLI guide's
 * login step. So the box searches the whole site, and a page of another section comes first when it
 * is the better answer, labelled with its section (the breadcrumb of each hit). The section's own index
 * serves the search page's section filter and the box's "See all results within" link.
 *
 * Measured on tests/search/real-questions.yaml typed on a guide: searching the section's index and
 * adding other sections' hits only when none of its lines held every word found the page first for
 * 62 % and in the first five for 83 %; the whole site with the section's pages weighing ×1.1, 71 % and
 * 90 %. The reader's section is not favoured any more (issue 46, measured on the tuning half of 202
 * questions typed on a guide, top-1): ×1.1 155, ×1.05 157, ×1.03 158, no favour 160 (as on the home
 * page); the relevance set 142, 141, 141, 141 of 156. Where a reader types says little about which
 * section answers: a guide's reader asks about roles, env vars and chart settings, whose pages are
 * references, and a favour big enough to decide near ties put a guide that mentions them first.
 */
import {SECTION_WEIGHT} from './ranking';

/**
 * The ranking discounts API pages for questions that are not API-shaped (SECTION_WEIGHT). A reader
 * inside the API reference is asking about the API, as if the query said "api": there its pages get
 * that discount back.
 */
const API_SECTION = 'api/v1';

/** True when `url` (`/guides/pinning`, `/next/guides/pinning`, `/api/v1/`) is in section `section`. */
export function isInSection(url: string, section: string): boolean {
  return url.includes(`/${section}/`) || url.endsWith(`/${section}`);
}

/**
 * The favour (a multiplier of a page's score, see ranking.ts) for a reader on a page of `section`;
 * undefined where every page weighs the same: outside every section (the home page, `/search`) and in
 * every section but the API reference.
 */
export function sectionFavour(section: string): ((url: string) => number) | undefined {
  if (section !== API_SECTION) return undefined;
  const favour = 1 / SECTION_WEIGHT.task.apiOperation;
  return (url) => (isInSection(url, section) ? favour : 1);
}

/**
 * The search box on a page of a section (the plugin's search contexts: Guides, References, …). A reader
 * on a guide who types a self-hosting question must not hit a dead end, and a section's own index
 * cannot tell when it is the wrong place to look: its best line for "okta sso setup" is a CLI guide's
 * login step. So the box searches the whole site and favours the reader's section: its pages win a
 * near tie, and a clearly better page of another section still comes first, labelled with its section
 * (the breadcrumb of each hit). The section's own index serves the search page's section filter and
 * the box's "See all results within" link.
 *
 * Measured on tests/search/real-questions.yaml typed on a guide: searching the section's index and
 * adding other sections' hits only when none of its lines held every word found the page first for
 * 62 % and in the first five for 83 %; the whole site with this favour, 71 % and 90 %, as on the home
 * page. A larger favour lost questions (×1.5: 66 % / 87 %).
 */
import {SECTION_WEIGHT} from './ranking';

/** How much more a page of the reader's section weighs than a page of another section. */
const OWN_SECTION_FAVOUR = 1.1;

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
 * undefined outside every section (the home page, `/search`), where every page weighs the same.
 */
export function sectionFavour(section: string): ((url: string) => number) | undefined {
  if (!section) return undefined;
  const favour = section === API_SECTION ? OWN_SECTION_FAVOUR / SECTION_WEIGHT.task.apiOperation : OWN_SECTION_FAVOUR;
  return (url) => (isInSection(url, section) ? favour : 1);
}

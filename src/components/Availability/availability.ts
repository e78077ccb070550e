/**
 * Where plan- or deployment-limited features are available, worded once (issue 20): pages show these sentences
 * through <Availability of="…" />, so the same limit reads the same everywhere. Backticks mark code.
 *
 * Facts are those of the released Lightdash (src/lib/releasedVersion.mjs) as the pages that use each entry state them; tests/content/availability.test.ts
 * lists those pages.
 */
export const AVAILABILITY = {
  enterprise: 'Lightdash Enterprise plan only. Not available on other plans.',
  'cloud-beta': 'Lightdash Cloud only, in beta. Contact Lightdash to turn it on for your organization.',
  groups:
    'Lightdash Cloud Pro and Enterprise plans, and self-hosted Lightdash with `GROUPS_ENABLED=true` set on the server.',
  'history-window':
    'Lightdash Cloud and self-hosted Lightdash. How far back versions go depends on your Cloud plan, or on ' +
    '`LIGHTDASH_CHART_VERSION_HISTORY_DAYS_LIMIT` (default 3 days) when self-hosted.',
  'results-cache':
    'Lightdash Cloud, where every organization has filter-value caching. Results caching is in beta: Cloud Pro and ' +
    'Enterprise organizations with a dedicated instance, and self-hosted Lightdash through environment variables.',
} as const satisfies Record<string, string>;

export type AvailabilityKey = keyof typeof AVAILABILITY;

/** The sentence split into plain text and code, for rendering. */
export function availabilityParts(key: AvailabilityKey): {readonly text: string; readonly code: boolean}[] {
  return AVAILABILITY[key].split('`').map((text, i) => ({text, code: i % 2 === 1}));
}

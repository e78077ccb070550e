import path from 'node:path';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {AVAILABILITY, availabilityParts, type AvailabilityKey} from '../../src/components/Availability/availability';
import {listMdx} from '../support/mdx';
import {RELEASED_DOCS_DIR} from '../../src/lib/releasedVersion.mjs';

const root = path.resolve(__dirname, '../..');
const docDirs = ['docs', RELEASED_DOCS_DIR];

/**
 * Pages of plan- or deployment-limited features, and the availability each states. Every one opens with exactly one
 * <Availability of="…" /> right after its front matter; no other page uses the component.
 */
const GATED_PAGES: Record<string, AvailabilityKey> = {
  'references/scim-integration.mdx': 'enterprise',
  'references/groups.mdx': 'groups',
  'references/embedding.mdx': 'cloud-beta',
  'guides/how-to-embed-content.mdx': 'cloud-beta',
  'guides/ai-analyst.mdx': 'cloud-beta',
  'guides/version-history.mdx': 'history-window',
  // Next only: the released version has no caching page.
  'references/caching.mdx': 'results-cache',
};

const NOTE = /<Availability\b([^>]*)\/>/g;

/** The availability notes of an MDX source: where each starts after the front matter, and its props. */
export function availabilityNotes(source: string): {readonly offset: number; readonly props: string}[] {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  return [...body.matchAll(NOTE)].map((m) => ({offset: body.slice(0, m.index).trim().length, props: m[1].trim()}));
}

describe('availability note reader', () => {
  it.each([
    ['---\ntitle: x\n---\n\n<Availability of="groups" />\n\nText.', [{offset: 0, props: 'of="groups"'}]],
    ['---\ntitle: x\n---\n\nText first.\n\n<Availability of="groups" />', [{offset: 11, props: 'of="groups"'}]],
    ['---\ntitle: x\n---\n\nNo note.', []],
  ])('%j', (source, expected) => {
    expect(availabilityNotes(source)).toEqual(expected);
  });
});

describe('availability wording', () => {
  it.each(Object.keys(AVAILABILITY) as AvailabilityKey[])(
    '%s is one sentence or more, with balanced code marks',
    (key) => {
      expect(AVAILABILITY[key]).toMatch(/^[A-Z].*\.$/);
      expect(AVAILABILITY[key].split('`').length % 2).toBe(1);
      expect(
        availabilityParts(key)
          .map((p) => p.text)
          .join(''),
      ).toBe(AVAILABILITY[key].replaceAll('`', ''));
    },
  );
  it('every wording is used by a gated page', () => {
    expect(new Set(Object.values(GATED_PAGES))).toEqual(new Set(Object.keys(AVAILABILITY)));
  });
});

describe.each(docDirs)('availability notes in %s', (dir) => {
  const base = path.join(root, dir);
  const pages = listMdx(base).map((f) => path.relative(base, f));

  const gated = Object.entries(GATED_PAGES).filter(([page]) => pages.includes(page));
  it.each(gated)('%s opens with the "%s" note, once, with no wording of its own', (page, key) => {
    const notes = availabilityNotes(readFileSync(path.join(base, page), 'utf8'));
    expect(notes).toEqual([{offset: 0, props: `of="${key}"`}]);
  });

  it('no page outside the list uses the note', () => {
    const others = pages.filter(
      (page) => !(page in GATED_PAGES) && availabilityNotes(readFileSync(path.join(base, page), 'utf8')).length > 0,
    );
    expect(others).toEqual([]);
  });
});

/**
 * The groups note and the table under it (issue 51): the note once said "Lightdash Cloud" while the table named only
 * the Pro and Enterprise plans. The Cloud plans the note names must be the ones the table's Cloud row names.
 */
const PLANS = /\b(Starter|Pro|Enterprise|Team|Free|Growth)\b/g;
const plansIn = (text: string) => [...new Set([...text.matchAll(PLANS)].map((m) => m[1]))].sort();

describe.each(docDirs)('the groups note agrees with its table in %s', (dir) => {
  it('names the same Cloud plans and the same self-hosted switch', () => {
    const body = readFileSync(path.join(root, dir, 'references/groups.mdx'), 'utf8');
    const cloudRow = body.split('\n').find((line) => /^\|\s*Lightdash Cloud\s*\|/.test(line));
    const selfHostedRow = body.split('\n').find((line) => /^\|\s*Self-hosted\s*\|/.test(line));
    expect(cloudRow, 'a "| Lightdash Cloud |" row in the table').toBeDefined();
    expect(plansIn(cloudRow ?? '').length).toBeGreaterThan(0);
    expect(plansIn(AVAILABILITY.groups)).toEqual(plansIn(cloudRow ?? ''));
    expect(selfHostedRow).toContain('GROUPS_ENABLED=true');
    expect(AVAILABILITY.groups).toContain('GROUPS_ENABLED=true');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import {RELEASED_OPENAPI_FILE_NAME, RELEASED_PATCH, RELEASE_DATE} from '../../src/lib/releasedVersion.mjs';

// How a docs-facts/ row names its source, so that a reviewer can open exactly what the row was checked against
// and see its date (issue 35). The forms are documented in docs-facts/index.md; this file is the one place that
// parses them.

/** The day the released Lightdash came out: a source dated after it describes a later version. */
export {RELEASE_DATE};

/**
 * Commits whose date is known, so a row may cite them without repeating the date: the lightdash-docs commit that
 * carries the released patch's swagger, and the Helm chart commit current on the release day (chart 1.5.1).
 */
export const KNOWN_COMMITS: Readonly<Record<string, string>> = {
  'lightdash/lightdash-docs@6b77312': '2024-12-11',
  'lightdash/helm-charts@2713c2a': '2024-09-26',
};

/** Marker a row carries when it cites a source dated after the release, followed by why that source still holds. */
export const LATER_MARKER = 'later-dated evidence:';

export type Source =
  | {kind: 'file'; repo: string; commit: string; path: string; date: string}
  | {kind: 'thread'; repo: string; number: number; date: string}
  | {kind: 'spec'; what: 'operationId' | 'schema'; name: string; date: string};

const DATE = String.raw`\((\d{4}-\d{2}-\d{2})\)`;
// `owner/repo@commit:path (YYYY-MM-DD)`; the date may be left off for a commit in KNOWN_COMMITS. The short form
// `lightdash-docs@6b77312:path` stands for lightdash/lightdash-docs.
const FILE = new RegExp(
  String.raw`(?<![\w/.-])((?:[\w.-]+\/)?[\w.-]+)@([0-9a-f]{7,40}):([^\s,;()\`]+[^\s,;()\`.])(?:\s+${DATE})?`,
  'g',
);
// `owner/repo#123 (YYYY-MM-DD)`: a pull request or an issue, dated by when it was merged or written.
const THREAD = new RegExp(String.raw`(?<![\w/.-])([\w.-]+\/[\w.-]+)#(\d+)\s+${DATE}`, 'g');
// `openapi-<patch> operationId X` or `openapi-<patch> schema X` (SPEC_SOURCE), several names separated by commas. A name with
// spaces (the spec has operationIds such as `Rotate personal access token`) is written between backticks.
const SPEC_NAME = String.raw`(?:\`[^\`]+\`|[\w.-]+)`;
/** How a row names the released patch's OpenAPI spec: `openapi-` and the patch number. */
export const SPEC_SOURCE = `openapi-${RELEASED_PATCH}`;
const SPEC = new RegExp(
  String.raw`${SPEC_SOURCE.replaceAll('.', '\\.')} (operationId|schema)s? (${SPEC_NAME}(?:\s*,\s*${SPEC_NAME})*)`,
  'g',
);

/** Names of our own files and pages, which are never evidence for themselves. */
const OWN = [
  /(?<![\w:@/-])(?:docs|versioned_docs|docs-facts|static|src|tests|scripts|shared)\//,
  /\/work\//,
  /\b(?:versioned_docs|docs-facts)\b/,
  /\bthis site\b/i,
  /\bfact sheet\b/i,
];

function normaliseRepo(repo: string): string {
  return repo.includes('/') ? repo : `lightdash/${repo}`;
}

/** Sources a cell names, in the forms above. */
export function parseSources(cell: string): Source[] {
  const sources: Source[] = [];
  for (const m of cell.matchAll(FILE)) {
    const repo = normaliseRepo(m[1]);
    const known = Object.entries(KNOWN_COMMITS).find(([key]) => {
      const [knownRepo, knownCommit] = key.split('@');
      return knownRepo === repo && (m[2].startsWith(knownCommit) || knownCommit.startsWith(m[2]));
    });
    const date = m[4] ?? known?.[1];
    if (date) sources.push({kind: 'file', repo, commit: m[2], path: m[3], date});
  }
  for (const m of cell.matchAll(THREAD)) sources.push({kind: 'thread', repo: m[1], number: Number(m[2]), date: m[3]});
  for (const m of cell.matchAll(SPEC)) {
    for (const name of m[2].match(new RegExp(SPEC_NAME, 'g')) ?? []) {
      sources.push({
        kind: 'spec',
        what: m[1] as 'operationId' | 'schema',
        name: name.trim().replace(/`/g, ''),
        date: RELEASE_DATE,
      });
    }
  }
  return sources;
}

/**
 * A record may name a source once above its table, as `KEY = <source>` on a line of its own (KEY in capitals, such
 * as `EC = lightdash/lightdash@<commit>:packages/common/src/compiler/exploreCompiler.ts (2024-11-20)`), and rows
 * then cite KEY. Returns each KEY with its definition.
 */
export function legendOf(text: string): Map<string, string> {
  const legend = new Map<string, string>();
  for (const m of text.matchAll(/^([A-Z][A-Z0-9-]{0,11}) = (.+)$/gm)) legend.set(m[1], m[2]);
  return legend;
}

/** The evidence with each legend KEY it cites replaced by that KEY's definition. */
export function expandLegend(evidence: string, legend: ReadonlyMap<string, string>): string {
  let out = evidence;
  for (const [key, definition] of legend) out = out.replace(new RegExp(String.raw`\b${key}\b`, 'g'), definition);
  return out;
}

/** The released spec's operationIds and schema names, for checking the spec sources a row cites. */
export interface SpecNames {
  operationIds: ReadonlySet<string>;
  schemas: ReadonlySet<string>;
}

export function loadSpecNames(file: string): SpecNames {
  const spec = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, {operationId?: string}>>;
    components: {schemas: Record<string, unknown>};
  };
  const operationIds = new Set<string>();
  for (const item of Object.values(spec.paths)) {
    for (const op of Object.values(item)) if (op?.operationId) operationIds.add(op.operationId);
  }
  return {operationIds, schemas: new Set(Object.keys(spec.components.schemas))};
}

export const specFile = path.resolve(__dirname, '../../../shared/reference', RELEASED_OPENAPI_FILE_NAME);

/** A record's only row may say the page makes no version-specific claim; it then needs no source. */
export const NO_CLAIM = /^no version-specific claim\b/;

/** What is wrong with one row's evidence (empty when it names a usable source). */
export function evidenceProblems(claim: string, evidence: string, spec: SpecNames, onlyRow: boolean): string[] {
  if (onlyRow && NO_CLAIM.test(claim)) return [];
  const problems: string[] = [];
  const sources = parseSources(evidence);
  if (sources.length === 0) {
    problems.push(
      `names no source as repo@commit:path (date), owner/repo#N (date) or ${SPEC_SOURCE} operationId/schema`,
    );
  }
  // Whatever is left once the sources are cut out must not point at our own pages.
  const rest = evidence.replace(FILE, ' ').replace(THREAD, ' ').replace(SPEC, ' ');
  for (const own of OWN) {
    const hit = own.exec(rest);
    if (hit) problems.push(`cites our own material ("${hit[0]}")`);
  }
  for (const source of sources) {
    if (source.kind === 'spec') {
      const names = source.what === 'operationId' ? spec.operationIds : spec.schemas;
      if (!names.has(source.name)) problems.push(`the ${RELEASED_PATCH} spec has no ${source.what} ${source.name}`);
    }
  }
  const later = sources.filter((s) => s.date > RELEASE_DATE);
  if (later.length > 0) {
    const at = evidence.indexOf(LATER_MARKER);
    const reason = at < 0 ? '' : evidence.slice(at + LATER_MARKER.length).trim();
    // A reason of a few words at least: the marker alone says nothing about why the later source still holds.
    if (reason.split(/\s+/).filter(Boolean).length < 4) {
      problems.push(
        `cites a source dated ${later.map((s) => s.date).join(', ')} (after ${RELEASE_DATE}) without "${LATER_MARKER} <reason>"`,
      );
    }
  }
  return problems;
}

// Turns the raw results into rows (one figure each, ours next to each peer and the ratio ours/peer)
// and prints them as a Markdown table, the same one bench-results/HISTORY.md quotes. Pure: unit-tested.
import {ratio} from './stats.mjs';

export const PEERS = ['classic', 'openapi-docs'];
const PAGE_TYPES = ['home', 'guide', 'reference', 'apiOperation', 'search'];
const PAGE_LABELS = {
  home: 'home',
  guide: 'guide',
  reference: 'reference page',
  apiOperation: 'API operation page',
  search: '/search',
};
const CATEGORY_LABEL = 'perf / a11y / best practices / SEO';

/** Targets of the issue; `check` says whether a value meets it. */
const TARGETS = {
  coldBuild: {text: '≤ 60 s', check: (v) => v <= 60},
  apiJsRatio: {text: '≤ 1.15', check: (v) => v <= 1.15},
  lighthouseMobile: {text: '≥ 98 each', check: (v) => v.every((s) => s >= 98)},
  // Issue 19's search targets are next to the default Docusaurus peer (classic) of the same run.
  searchP95: {
    text: '≤ 30 ms and ≤ classic',
    check: (v, peers) => v <= 30 && (!Number.isFinite(peers.classic) || v <= peers.classic),
  },
  searchColdKeystroke: {text: '≤ 0.8× classic', check: (v, peers) => v <= 0.8 * peers.classic},
  searchBytesBeforeSuggestions: {text: '≤ 450 KB', check: (v) => v <= 450},
  searchMissedPrefixes: {text: '0', check: (v) => v === 0},
};

const get = (object, ...keys) => keys.reduce((o, k) => (o === null || o === undefined ? undefined : o[k]), object);
const kb = (bytes) => (Number.isFinite(bytes) ? bytes / 1024 : undefined);

/** Rows of figures: {section, label, digits, target?, values: {ours, classic, 'openapi-docs'}}. */
export function buildRows(results) {
  const targets = ['ours', ...PEERS];
  /** @type {{section: string, label: string, digits: number, target?: {text: string}, values: object}[]} */
  const rows = [];
  /** @type {(section: string, label: string, pick: (r: any, t: string) => any, options?: {digits?: number, target?: {text: string}}) => void} */
  const add = (section, label, pick, {digits = 1, target} = {}) => {
    const values = Object.fromEntries(targets.map((t) => [t, results[t] ? pick(results[t], t) : undefined]));
    if (Object.values(values).some((v) => v !== undefined && v !== null))
      rows.push({section, label, digits, target, values});
  };

  for (const size of ['1x', '5x']) {
    const s = size === '1x' ? '1×' : '5×';
    // The whole `npm run build` (contract, docusaurus build, postbuild) is ours only; the target is on it.
    add('Build', `cold npm run build, ${s} content (s)`, (r) => get(r, 'build', size, 'cold', 'whole', 'seconds'), {
      target: size === '1x' ? TARGETS.coldBuild : undefined,
    });
    add('Build', `… of which postbuild, ${s} (s)`, (r) => get(r, 'build', size, 'cold', 'whole', 'after', 'seconds'));
    add('Build', `cold build, ${s} content (s)`, (r) => get(r, 'build', size, 'cold', 'seconds'));
    add('Build', `cold build CPU time, ${s} (s)`, (r) => get(r, 'build', size, 'cold', 'cpuSeconds'), {digits: 0});
    add('Build', `cold build peak memory, ${s} (MB)`, (r) => get(r, 'build', size, 'cold', 'peakMB'), {digits: 0});
    add('Build', `warm npm run build, ${s} content (s)`, (r) => get(r, 'build', size, 'warm', 'whole', 'seconds'));
    add('Build', `warm build, ${s} content (s)`, (r) => get(r, 'build', size, 'warm', 'seconds'));
    add('Build', `warm build CPU time, ${s} (s)`, (r) => get(r, 'build', size, 'warm', 'cpuSeconds'), {digits: 0});
    add('Build', `warm build peak memory, ${s} (MB)`, (r) => get(r, 'build', size, 'warm', 'peakMB'), {digits: 0});
    add('Build', `HTML pages, ${s}`, (r) => get(r, 'build', size, 'pages'), {digits: 0});
  }
  add('Build', 'API pages generated before the build (s)', (r) => get(r, 'generateSeconds'));

  for (const page of PAGE_TYPES) {
    for (const [kind, label] of [
      ['js', 'JS'],
      ['css', 'CSS'],
    ]) {
      for (const enc of ['gzip', 'raw']) {
        add('First load', `${label} ${enc}, ${PAGE_LABELS[page]} (KB)`, (r) => kb(get(r, 'bytes', page, kind, enc)));
      }
    }
  }
  add(
    'First load',
    'JS gzip: API operation page / reference page',
    (r) => ratio(get(r, 'bytes', 'apiOperation', 'js', 'gzip'), get(r, 'bytes', 'reference', 'js', 'gzip')),
    {digits: 2, target: TARGETS.apiJsRatio},
  );

  for (const page of PAGE_TYPES) {
    for (const formFactor of ['mobile', 'desktop']) {
      add(
        'Lighthouse',
        `${formFactor}, ${PAGE_LABELS[page]} (${CATEGORY_LABEL})`,
        (r) => get(r, 'lighthouse', page, formFactor, 'scores'),
        {digits: 0, target: formFactor === 'mobile' ? TARGETS.lighthouseMobile : undefined},
      );
    }
  }

  const contexts = [
    ...new Set(targets.flatMap((t) => (get(results, t, 'search', 'index') ?? []).map((i) => i.context))),
  ];
  for (const context of contexts.sort()) {
    for (const enc of ['raw', 'gzip']) {
      add('Search', `index ${context} ${enc} (KB)`, (r) =>
        kb(get(r, 'search', 'index')?.find((i) => i.context === context)?.[enc]),
      );
    }
  }
  add('Search', 'keystroke → suggestions p50, warm (ms)', (r) => get(r, 'search', 'warm', 'p50'));
  add('Search', 'keystroke → suggestions p95, warm (ms)', (r) => get(r, 'search', 'warm', 'p95'), {
    target: TARGETS.searchP95,
  });
  const search = (label, pick, digits = 1) => add('Search', label, (r) => pick(get(r, 'search') ?? {}), {digits});
  add('Search', 'typed prefixes without suggestions (count)', (r) => get(r, 'search', 'warm', 'missed', 'length'), {
    digits: 0,
    target: TARGETS.searchMissedPrefixes,
  });
  add(
    'Search',
    'cold load: first keystroke → first suggestions (ms)',
    (r) => get(r, 'search', 'cold', 'fromKeystroke'),
    {
      digits: 0,
      target: TARGETS.searchColdKeystroke,
    },
  );
  add(
    'Search',
    'cold load: fetched from first keystroke to first suggestions, gzip (KB)',
    (r) => kb(get(r, 'search', 'cold', 'bytesBeforeSuggestions')),
    {target: TARGETS.searchBytesBeforeSuggestions},
  );
  search('cold load: navigation → first suggestions (ms)', (s) => s.cold?.fromNavigation, 0);
  return rows;
}

const isMissing = (v) => v === undefined || v === null || (Array.isArray(v) && v.every(isMissing));

/** A figure for the table: numbers with fixed digits, score lists joined, missing as "—". */
export function formatValue(value, digits = 1) {
  if (isMissing(value)) return '—';
  if (Array.isArray(value)) return value.map((v) => formatValue(v, digits)).join(' / ');
  return value.toLocaleString('en-US', {minimumFractionDigits: digits, maximumFractionDigits: digits});
}

/** ours / peer, element-wise for score lists. */
export function ratioOf(ours, peer) {
  if (Array.isArray(ours) && Array.isArray(peer)) return ours.map((v, i) => ratio(v, peer[i]));
  return ratio(ours, peer);
}

function targetCell(row) {
  if (!row.target) return '';
  const ours = row.values.ours;
  if (isMissing(ours)) return row.target.text;
  return `${row.target.text} ${row.target.check(ours, row.values) ? '✓' : '✗'}`;
}

const escapeCell = (text) => String(text).replace(/\|/g, '\\|');

/** The Markdown table: one section heading row per section, then its figures. */
export function formatTable(rows) {
  const header = ['Figure', 'Target', 'Ours', 'Classic', 'ours/classic', 'openapi-docs', 'ours/openapi-docs'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`];
  let section = null;
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      lines.push(`| **${section}** |${' |'.repeat(header.length - 1)}`);
    }
    const {ours} = row.values;
    const cells = [row.label, targetCell(row), formatValue(ours, row.digits)];
    for (const peer of PEERS) {
      cells.push(formatValue(row.values[peer], row.digits), formatValue(ratioOf(ours, row.values[peer]), 2));
    }
    lines.push(`| ${cells.map(escapeCell).join(' | ')} |`);
  }
  return lines.join('\n');
}

// Markdown for agents on every server we ship (issue 48). Each page has a Markdown twin written beside it by
// plugins/markdown-export (`/guides/pinning` → `/guides/pinning.md`, `/` → `/index.md`); this module makes the
// twins discoverable and reachable by content negotiation:
// - `prefersMarkdown` and `markdownTwinOf`: `npm run serve` (scripts/serve.mjs) answers a page URL requested with
//   `Accept: text/markdown` (or `text/x-markdown`) with its twin, and says `Vary: Accept` on both answers;
// - `nginxMarkdownServerLines` / `nginxMarkdownTry`: the same in the generated nginx.conf (scripts/nginx-config.mjs);
// - `addMarkdownDiscovery`: a postbuild step that puts, in every page's HTML, a `<link rel="alternate"
//   type="text/markdown">` to its twin and, first in the body, a visually hidden line for agents naming `llms.txt`
//   and the twin. Both are plain HTML outside the React root: no JavaScript, nothing to hydrate. The step also writes
//   every page with explicit end tags (`explicitHtml`), so that lenient HTML parsers find its content.
// Browsers never ask for Markdown, so they keep getting HTML.
import fs from 'node:fs';
import path from 'node:path';
import {parse, serialize} from 'parse5';

/**
 * True when an Accept header names Markdown (`text/markdown`, `text/x-markdown`), in any position. The rule is
 * deliberately the same one nginx applies with a regular expression (it cannot weigh q values), so both servers
 * answer a given request alike; a client that names Markdown at all is an agent asking for it.
 */
export function prefersMarkdown(accept) {
  return MARKDOWN_ACCEPT.test(String(accept ?? ''));
}

/** The pattern of `prefersMarkdown`, in a form nginx's `~*` reads as well. */
const MARKDOWN_ACCEPT_SOURCE = 'text/(x-)?markdown';
const MARKDOWN_ACCEPT = new RegExp(MARKDOWN_ACCEPT_SOURCE, 'i');

/**
 * The Markdown twin of a page's HTML file, or null: `guides/pinning/index.html` → `guides/pinning.md`, a version
 * home `next/index.html` → `next/index.md`, `index.html` → `index.md`, `x.html` → `x.md`. Only a twin that exists
 * counts (the search page and the 404 page have none).
 */
export function markdownTwinOf(dir, htmlFile) {
  if (!htmlFile.endsWith('.html') || path.basename(htmlFile) === '404.html') return null;
  const candidates =
    path.basename(htmlFile) === 'index.html'
      ? [
          ...(path.dirname(htmlFile) === dir ? [] : [`${path.dirname(htmlFile)}.md`]),
          path.join(path.dirname(htmlFile), 'index.md'),
        ]
      : [htmlFile.replace(/\.html$/, '.md')];
  return candidates.find((file) => file.startsWith(dir) && fs.existsSync(file)) ?? null;
}

/** The URL path of a page's twin, from the page's file: `/guides/pinning.md`. */
function twinUrl(dir, htmlFile) {
  const twin = markdownTwinOf(dir, htmlFile);
  return twin ? `/${path.relative(dir, twin).split(path.sep).join('/')}` : null;
}

/**
 * What `npm run serve` answers a page request with: the twin when the request asks for Markdown and the page has
 * one, else the file it found; `vary` is true for a page that has a twin, whose answer then depends on Accept.
 */
export function negotiateMarkdown(dir, file, accept) {
  const twin = file ? markdownTwinOf(dir, file) : null;
  if (!twin) return {file, vary: false};
  return {file: prefersMarkdown(accept) ? twin : file, vary: true};
}

// ---- nginx ------------------------------------------------------------------------------------------------

/**
 * Server-level lines that set `$docs_markdown` to `.md` when the request asks for Markdown. nginx's `map` would say
 * the same, but it belongs to the `http` block, and the generated nginx.conf is included inside a `server` block
 * (scripts/nginx-config.mjs): `set` and `if` with `set` are the server-level equivalent, run before a location is
 * chosen.
 */
export function nginxMarkdownServerLines() {
  return [
    'set $docs_markdown "";',
    `if ($http_accept ~* "${MARKDOWN_ACCEPT_SOURCE}") {`,
    '    set $docs_markdown ".md";',
    '}',
  ];
}

/**
 * The `try_files` of the page locations, the twin first when asked for: `/guides/pinning` → `guides/pinning.md`,
 * `/next/` → `next/index.md`; a page without a twin falls through to its HTML. `Vary: Accept` goes with them.
 */
export const nginxMarkdownTry = {
  page: 'try_files $uri$docs_markdown $uri $uri.html $uri/index.html =404;',
  folder: 'try_files ${uri}index$docs_markdown ${uri}index.html =404;',
  vary: 'add_header Vary Accept always;',
};

// ---- postbuild ----------------------------------------------------------------------------------------------

/** The visually hidden line for agents, first in the body; its links are out of the tab order and hidden from
 * assistive technology, which would otherwise read it to every screen-reader user. */
export function agentDirectiveHtml(markdownUrl) {
  const twin = markdownUrl
    ? ` This page as Markdown: <a href="${markdownUrl}" tabindex="-1">${markdownUrl}</a>.`
    : ' Add .md to a page URL for its Markdown.';
  return (
    '<div class="visually-hidden" aria-hidden="true" data-agent-directive="">For AI agents: every page of these ' +
    `docs is listed in <a href="/llms.txt" tabindex="-1">/llms.txt</a>.${twin}</div>`
  );
}

/**
 * The page as a standard HTML serializer writes it (parse5, the HTML spec's parsing algorithm, as browsers do). The
 * minifier leaves out optional end tags (`</td>`, `</tr>`, `</dd>`, `</body>`) and quotes: browsers and parse5
 * rebuild them, but lenient parsers that agent tools use (node-html-parser, which afdocs uses) do not, lose every
 * element around a table and read the whole page, scripts included, as one text. Round-tripping through parse5
 * writes the same document tree with every tag explicit: the DOM, and so hydration, is unchanged.
 */
export function explicitHtml(html) {
  return serialize(parse(html));
}

/** A page's HTML with the alternate link in its head and the directive first in its body (idempotent). */
export function withMarkdownDiscovery(html, markdownUrl) {
  const explicit = explicitHtml(html);
  if (explicit.includes('data-agent-directive')) return explicit;
  let out = explicit;
  if (markdownUrl) {
    out = out.replace(/<\/head>/i, `<link rel="alternate" type="text/markdown" href="${markdownUrl}"></head>`);
  }
  return out.replace(/<body\b[^>]*>/i, (body) => body + agentDirectiveHtml(markdownUrl));
}

/** Postbuild step: every HTML page of the build gets its discovery link and directive. */
export function addMarkdownDiscovery(outDir, files) {
  let pages = 0;
  let twins = 0;
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    const markdownUrl = twinUrl(outDir, file);
    const html = fs.readFileSync(file, 'utf8');
    const next = withMarkdownDiscovery(html, markdownUrl);
    if (next === html) continue;
    fs.writeFileSync(file, next);
    pages++;
    if (markdownUrl) twins++;
  }
  return `${pages} pages given the agent directive, ${twins} of them a link to their Markdown twin`;
}

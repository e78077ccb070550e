// Shared by scripts/render-diagrams.mjs, plugins/remark-diagrams and the tests: where the mermaid
// blocks of the docs are and what their pre-rendered SVGs are called.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Committed SVGs, `<hash>.light.svg` and `<hash>.dark.svg`. */
export const DIAGRAMS_DIR = path.join(SITE_DIR, 'diagrams');
const CONTENT_DIRS = ['docs', 'versioned_docs'];
export const MODES = /** @type {const} */ (['light', 'dark']);

/** The key of a block: sha256 of its exact text (the code node's value), first 16 hex digits. */
export function diagramHash(source) {
  return crypto.createHash('sha256').update(source).digest('hex').slice(0, 16);
}

export function svgPath(hash, mode, dir = DIAGRAMS_DIR) {
  return path.join(dir, `${hash}.${mode}.svg`);
}

function markdownFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every mermaid block of the docs, as the remark plugin will see it: the fence's content with the
 * fence's indentation removed (what mdast gives as the code node's value). A fence opens with
 * three or more backticks or tildes followed by `mermaid` and closes with at least as many.
 */
export function mermaidBlocksIn(text) {
  const blocks = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^([ \t]*)(`{3,}|~{3,})\s*mermaid\b.*$/.exec(lines[i]);
    if (!open) {
      // Skip other fences so an example of a mermaid fence inside them is not taken for one.
      const other = /^([ \t]*)(`{3,}|~{3,})/.exec(lines[i]);
      if (other) {
        const close = new RegExp(`^[ \\t]*${other[2][0]}{${other[2].length},}\\s*$`);
        while (i + 1 < lines.length && !close.test(lines[i + 1])) i++;
        i++;
      }
      continue;
    }
    const [, indent, fence] = open;
    const close = new RegExp(`^[ \\t]*${fence[0]}{${fence.length},}\\s*$`);
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !close.test(lines[j]); j++) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    blocks.push({source: body.join('\n'), line: i + 1});
    i = j;
  }
  return blocks;
}

/** [{file (relative to the site), line, source, hash}] for all of docs/ and versioned_docs/. */
export function findDiagrams(siteDir = SITE_DIR) {
  return CONTENT_DIRS.flatMap((dir) => markdownFiles(path.join(siteDir, dir)))
    .sort()
    .flatMap((file) =>
      mermaidBlocksIn(fs.readFileSync(file, 'utf8')).map((block) => ({
        file: path.relative(siteDir, file),
        ...block,
        hash: diagramHash(block.source),
      })),
    );
}

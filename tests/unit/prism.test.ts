import fs from 'node:fs';
import path from 'node:path';
import {createElement as h, type ReactElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {Highlight as PackageHighlight, Prism as PackagePrism, themes, type PrismTheme} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';
import Prism, {LANGUAGES} from '../../src/lib/prism/grammars';
import {bothModes, Highlight, MODE_PROPERTIES, tokensToLines, type RenderProps} from '../../src/lib/prism/highlight';
import {codeThemeDark, codeThemeLight} from '../../src/lib/prism/themes';
import {codeBlocks, listMdx, readPage} from '../support/mdx';

const SITE = path.resolve(__dirname, '../..');
/** Fences shown as plain text on purpose; mermaid blocks become diagrams (plugins/remark-diagrams). */
const PLAIN = new Set(['', 'text', 'mermaid']);
/** The languages of the API reference's code samples and example blocks (plugins/api-reference/theme). */
const API_LANGUAGES = ['bash', 'javascript', 'python', 'go', 'json'];

const blocks = ['docs', 'versioned_docs']
  .flatMap((dir) => listMdx(path.join(SITE, dir)))
  .flatMap((file) => codeBlocks(readPage(file).body).map((block) => ({...block, file: path.relative(SITE, file)})));
/** The blocks whose language prism-react-renderer's own Prism knows too (it has no bash, for one). */
const comparable = blocks
  .map((block) => ({...block, language: block.lang || 'text'}))
  .filter((block) => block.language in PackagePrism.languages);

/** The markup Docusaurus's CodeBlock builds from the render props, minus its own wrappers. */
function render({className, style, tokens, getLineProps, getTokenProps}: RenderProps): ReactElement {
  const lines = tokens.map((line, i) =>
    h(
      'span',
      {key: i, ...getLineProps({line})},
      ...line.map((token, j) => h('span', {key: j, ...getTokenProps({token})})),
    ),
  );
  return h('pre', {className, style}, ...lines);
}

/** Both components, the same theme, language and code: the HTML each renders. */
function renderBoth(theme: PrismTheme, language: string, code: string): [string, string] {
  return [
    renderToStaticMarkup(h(Highlight, {prism: Prism, theme, language, code, children: render})),
    renderToStaticMarkup(h(PackageHighlight, {theme, language, code, children: render as never})),
  ];
}

describe('src/lib/prism: the grammars the site registers', () => {
  it('finds the code blocks of the docs', () => {
    expect(blocks.length).toBeGreaterThan(500);
  });

  it('has a grammar for every fence language of the docs and of the API samples', () => {
    const used = new Set([...blocks.map((b) => b.lang), ...API_LANGUAGES]);
    const missing = [...used].filter((lang) => !PLAIN.has(lang) && !LANGUAGES.includes(lang));
    expect(missing, 'add the grammar to src/lib/prism/grammars.ts').toEqual([]);
  });

  it('leaves the page alone: manual mode, no global Prism', () => {
    expect(Prism.manual).toBe(true);
    expect((globalThis as {Prism?: unknown}).Prism).toBeUndefined();
  });
});

describe('src/lib/prism: Highlight', () => {
  it('renders every docs block exactly as prism-react-renderer does, where both know the language', () => {
    let compared = 0;
    for (const {file, language, code} of comparable) {
      for (const theme of [themes.vsLight, themes.dracula]) {
        const [ours, theirs] = renderBoth(theme, language, code);
        expect(ours, `${file} (${language})`).toBe(theirs);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('splits tokens at line breaks and keeps empty lines a line high', () => {
    const lines = tokensToLines(Prism.tokenize('a = 1;\n\nb = `x\ny`;', Prism.languages.javascript));
    expect(lines.map((line) => line.map((t) => t.content).join(''))).toEqual(['a = 1;', '\n', 'b = `x', 'y`;']);
    expect(lines[1]).toEqual([{types: ['plain'], content: '\n', empty: true}]);
    // The second half of the string keeps the string's types on its own line.
    expect(lines[3][0].types).toEqual(lines[2].at(-1)?.types);
    expect(lines[3][0].types).toContain('string');
  });

  it('renders a language without a grammar as plain text', () => {
    const html = renderToStaticMarkup(
      h(Highlight, {prism: Prism, theme: themes.vsLight, language: 'cobol', code: 'MOVE A TO B.\n', children: render}),
    );
    expect(html).toContain('class="token plain"');
    expect(html).not.toContain('keyword');
  });
});

/** Each element's inline style, in document order, as `property: value` maps (CSS names). */
function styles(html: string): Record<string, string>[] {
  return [...html.matchAll(/<(?:pre|span)[^>]*?(?: style="([^"]*)")?>/g)].map(([, style = '']) =>
    Object.fromEntries(
      style
        .split(';')
        .filter(Boolean)
        .map((declaration) => {
          const colon = declaration.indexOf(':');
          return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()];
        }),
    ),
  );
}

const cssName = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const SUFFIX_TO_PROPERTY = Object.fromEntries(
  Object.entries(MODE_PROPERTIES).map(([key, suffix]) => [suffix, cssName(key)]),
);

/** What src/css/custom.css makes of an element's custom properties in one mode. */
function resolve(style: Record<string, string>, mode: 'light' | 'dark'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(style)) {
    const match = /^--code-(light|dark)-(\w+)$/.exec(key);
    if (!match) out[key] = value;
    else if (match[1] === mode) out[SUFFIX_TO_PROPERTY[match[2]]] = value;
  }
  return out;
}

describe('src/lib/prism: code in both colour modes', () => {
  it('gives every element, in either mode, the style prism-react-renderer gives it in that mode', () => {
    let compared = 0;
    for (const {file, language, code} of comparable) {
      const ours = styles(
        renderToStaticMarkup(
          h(Highlight, {
            prism: Prism,
            theme: codeThemeLight,
            darkTheme: codeThemeDark,
            language,
            code,
            children: render,
          }),
        ),
      );
      for (const [mode, theme] of [
        ['light', codeThemeLight],
        ['dark', codeThemeDark],
      ] as const) {
        const theirs = styles(
          renderToStaticMarkup(h(PackageHighlight, {theme, language, code, children: render as never})),
        );
        expect(
          ours.map((style) => resolve(style, mode)),
          `${file} (${language}, ${mode})`,
        ).toEqual(theirs);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('has a rule in src/css/custom.css for every property of the site code themes', () => {
    const css = fs.readFileSync(path.join(SITE, 'src/css/custom.css'), 'utf8');
    const tokenProperties = new Set(
      [codeThemeLight, codeThemeDark].flatMap((t) => t.styles.flatMap((s) => Object.keys(s.style))),
    );
    const plainProperties = new Set([codeThemeLight, codeThemeDark].flatMap((t) => Object.keys(t.plain)));
    for (const key of [...tokenProperties, ...plainProperties]) {
      const suffix = MODE_PROPERTIES[key as keyof typeof MODE_PROPERTIES];
      expect(suffix, `${key}: add it to MODE_PROPERTIES`).toBeDefined();
      for (const mode of ['light', 'dark']) {
        expect(css, `${key} in ${mode} mode`).toContain(`${cssName(key)}: var(--code-${mode}-${suffix})`);
      }
    }
    // Token rules must not set a background: that would hide the highlighted-line background.
    expect(tokenProperties.has('backgroundColor')).toBe(false);
  });

  it('keeps what both modes share, and refuses a difference it cannot express', () => {
    expect(bothModes({color: '#000', display: 'inline-block'}, {color: '#fff', display: 'inline-block'})).toEqual({
      '--code-light-c': '#000',
      '--code-dark-c': '#fff',
      display: 'inline-block',
    });
    expect(bothModes({}, {})).toBeUndefined();
    expect(() => bothModes({cursor: 'text'}, {cursor: 'auto'})).toThrow(/cursor/);
  });
});

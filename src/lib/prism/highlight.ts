import {useMemo, type CSSProperties, type ReactElement} from 'react';
import type {Grammar, TokenStream} from 'prismjs';
import type {PrismTheme} from 'prism-react-renderer';

/** One piece of a highlighted line, with the token types Prism nested it under. */
interface LineToken {
  types: string[];
  content: string;
  /** Set on the placeholder of an empty line, so it still takes a line's height. */
  empty?: boolean;
}

interface PrismLike {
  languages: Record<string, Grammar | unknown>;
  tokenize(text: string, grammar: Grammar): TokenStream;
  hooks: {run(name: string, env: Record<string, unknown>): void};
}

export interface RenderProps {
  tokens: LineToken[][];
  className: string;
  style: CSSProperties;
  getLineProps(input: {line: LineToken[]; className?: string; style?: CSSProperties; [key: string]: unknown}): {
    className: string;
    style?: CSSProperties;
    [key: string]: unknown;
  };
  getTokenProps(input: {token: LineToken; className?: string; style?: CSSProperties; [key: string]: unknown}): {
    className: string;
    style?: CSSProperties;
    children: string;
    [key: string]: unknown;
  };
}

interface HighlightProps {
  prism: PrismLike;
  theme: PrismTheme;
  /**
   * With a dark theme, colours and font styles are not written as they are but as custom
   * properties for both modes (see `bothModes`), so the markup is the same in either mode.
   */
  darkTheme?: PrismTheme;
  language: string;
  code: string;
  children(props: RenderProps): ReactElement;
}

const NEWLINE = /\r\n|\r|\n/;

/** An empty line gets a newline placeholder; without it the line would collapse. */
function closeLine(line: LineToken[]): void {
  if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
  else if (line.length === 1 && line[0].content === '') Object.assign(line[0], {content: '\n', empty: true});
}

function withType(types: string[], type: string | string[]): string[] {
  // A token nested in one of its own type (a string inside a string) does not repeat it.
  if (typeof type === 'string' && types[types.length - 1] === type) return types;
  return types.concat(type);
}

/**
 * Flattens Prism's nested token stream into lines of tokens, each carrying the types of every token
 * it sits in (the class names and colours a reader sees). Text outside any token is `plain`.
 */
export function tokensToLines(stream: TokenStream): LineToken[][] {
  const lines: LineToken[][] = [[]];
  const addText = (text: string, types: string[]) => {
    text.split(NEWLINE).forEach((piece, index) => {
      if (index > 0) {
        closeLine(lines[lines.length - 1]);
        lines.push([]);
      }
      lines[lines.length - 1].push({types, content: piece});
    });
  };
  const walk = (items: TokenStream, types: string[]) => {
    for (const item of Array.isArray(items) ? items : [items]) {
      if (typeof item === 'string') {
        addText(item, types.length > 0 ? types : ['plain']);
        continue;
      }
      let nested = withType(types, item.type);
      if (item.alias) nested = withType(nested, item.alias);
      if (typeof item.content === 'string') addText(item.content, nested);
      else walk(item.content, nested);
    }
  };
  walk(stream, []);
  closeLine(lines[lines.length - 1]);
  return lines;
}

type StyleDictionary = Record<string, CSSProperties>;

/** The theme's styles by token type for one language; `root` is the block, `plain` a line. */
function styleDictionary(theme: PrismTheme, language: string): StyleDictionary {
  const dictionary: StyleDictionary = {};
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language)) continue;
    for (const type of entry.types) dictionary[type] = {...dictionary[type], ...entry.style} as CSSProperties;
  }
  dictionary.root = theme.plain as CSSProperties;
  dictionary.plain = {...theme.plain, backgroundColor: undefined} as CSSProperties;
  return dictionary;
}

function tokenStyle(dictionary: StyleDictionary, {types, empty}: LineToken): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && empty) return dictionary[types[0]];
  return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => dictionary[type]));
}

/**
 * Style properties a code theme may set, and the suffix of the custom properties that carry them
 * per colour mode: `--code-light-c` and `--code-dark-c` for `color`. src/css/custom.css applies
 * the pair that matches `html[data-theme]`.
 */
export const MODE_PROPERTIES = {
  color: 'c',
  backgroundColor: 'bg',
  fontStyle: 'fs',
  fontWeight: 'fw',
  opacity: 'op',
  textDecorationLine: 'tdl',
} as const;

/**
 * One element's style in both colour modes, as custom properties. Docusaurus renders code in the
 * default mode on the server and re-mounts every code block after hydration to repaint it for a
 * reader in the other mode, which was the longest task of a page's start on a phone. With both
 * modes in the markup, the server's HTML is right for everyone and switching mode is CSS only.
 * Properties that are the same in both modes (an empty line's `display`) stay as they are.
 */
export function bothModes(light?: CSSProperties, dark?: CSSProperties): CSSProperties | undefined {
  const style: Record<string, string | number> = {};
  for (const key of new Set([...Object.keys(light ?? {}), ...Object.keys(dark ?? {})])) {
    const lightValue = light?.[key as keyof CSSProperties] as string | number | undefined;
    const darkValue = dark?.[key as keyof CSSProperties] as string | number | undefined;
    const suffix = MODE_PROPERTIES[key as keyof typeof MODE_PROPERTIES];
    if (suffix) {
      if (lightValue !== undefined) style[`--code-light-${suffix}`] = lightValue;
      if (darkValue !== undefined) style[`--code-dark-${suffix}`] = darkValue;
    } else if (lightValue === darkValue) {
      if (lightValue !== undefined) style[key] = lightValue;
    } else {
      throw new Error(`The code themes differ in "${key}", which has no custom property in MODE_PROPERTIES.`);
    }
  }
  return Object.keys(style).length > 0 ? (style as CSSProperties) : undefined;
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A drop-in for prism-react-renderer's `Highlight` (same render props, class names and inline
 * styles), so Docusaurus's CodeBlock renders unchanged on top of our own Prism instance.
 */
export function Highlight({
  prism,
  theme,
  darkTheme,
  language: rawLanguage,
  code,
  children,
}: HighlightProps): ReactElement {
  const language = rawLanguage.toLowerCase();
  const dictionary = useMemo(() => styleDictionary(theme, language), [theme, language]);
  const darkDictionary = useMemo(
    () => (darkTheme ? styleDictionary(darkTheme, language) : undefined),
    [darkTheme, language],
  );
  // One style for an element, in both modes when there is a dark theme.
  const styleOf = (pick: (dict: StyleDictionary) => CSSProperties | undefined) =>
    darkDictionary ? bothModes(pick(dictionary), pick(darkDictionary)) : pick(dictionary);
  const grammar = prism.languages[language] as Grammar | undefined;
  const tokens = useMemo(() => {
    if (!grammar) return tokensToLines(code);
    const env: Record<string, unknown> = {code, grammar, language, tokens: []};
    prism.hooks.run('before-tokenize', env);
    env.tokens = prism.tokenize(code, grammar);
    prism.hooks.run('after-tokenize', env);
    return tokensToLines(env.tokens as TokenStream);
  }, [prism, code, grammar, language]);
  return children({
    tokens,
    className: `prism-code language-${language}`,
    style: styleOf((dict) => dict.root) ?? {},
    getLineProps: ({className, style, ...input}) => {
      const rest: Record<string, unknown> = {...input};
      delete rest.line; // what the line holds, not an attribute of its element
      return {...rest, className: join('token-line', className), style: {...styleOf((dict) => dict.plain), ...style}};
    },
    getTokenProps: ({token, className, style, ...rest}) => {
      const own = styleOf((dict) => tokenStyle(dict, token));
      return {
        ...rest,
        className: join('token', ...token.types, className),
        children: token.content,
        style: style ? {...own, ...style} : own,
      };
    },
  });
}

// Reading the API recipes (docs/guides/api-recipes, issue 11): their steps, the curl and the JavaScript of each
// step, and the requests these make. The checks against the contract live in api-recipes.test.ts.
//
// Format of a recipe page:
// - the JavaScript setup is a ```js title="Setup"``` block before the first step (from _before-you-start.mdx);
// - a step is a section `## Step <n>: <what it does> {#step-<n>}` holding one ```bash title="curl"``` block, one
//   ```js title="JavaScript"``` block, one or more ```json title="Response <status>"``` blocks, and a link to the
//   operation's page in the API reference (`/api/v1/<tag-slug>/<operationId>`);
// - the ids a reader brings (project, chart, token) are constants in the JavaScript of step 1.
import vm from 'node:vm';
import {codeBlocks, readPage, type Page} from '../support/mdx';

/** One HTTP request, as curl would send it or as the JavaScript sent it. */
export interface HttpRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as sent (text), if any. */
  readonly body?: string;
}

export interface ShownResponse {
  readonly status: string;
  /** The block's text; parsed by the checks so that invalid JSON is reported, not thrown. */
  readonly text: string;
}

export interface RecipeStep {
  readonly number: number;
  readonly title: string;
  /** The markdown of the whole step section. */
  readonly section: string;
  readonly curl: readonly string[];
  readonly javascript: readonly string[];
  readonly responses: readonly ShownResponse[];
  /** Targets of the links to the API reference in the section. */
  readonly apiLinks: readonly string[];
}

export interface Recipe {
  readonly page: Page;
  readonly setupJavascript: string;
  readonly steps: readonly RecipeStep[];
}

const STEP_HEADING = /^## Step (\d+): (.+?)(?:\s*\{#[\w-]+\})?\s*$/;
const titleOf = (meta: string) => /title="([^"]*)"/.exec(meta)?.[1] ?? '';

export function parseRecipe(file: string): Recipe {
  const page = readPage(file);
  // Split at level-2 headings; the part before the first step holds the setup.
  const sections = page.body.split(/^(?=## )/m);
  const steps: RecipeStep[] = [];
  let setupJavascript = '';
  for (const section of sections) {
    const heading = STEP_HEADING.exec(section.split('\n', 1)[0]);
    const blocks = codeBlocks(section);
    if (!heading) {
      if (steps.length === 0) {
        setupJavascript += blocks
          .filter((b) => b.lang === 'js' && titleOf(b.meta) === 'Setup')
          .map((b) => `${b.code}\n`)
          .join('');
      }
      continue;
    }
    const titled = (lang: string, title: RegExp) =>
      blocks.filter((b) => b.lang === lang && title.test(titleOf(b.meta)));
    steps.push({
      number: Number(heading[1]),
      title: heading[2],
      section,
      curl: titled('bash', /^curl$/).map((b) => b.code),
      javascript: titled('js', /^JavaScript$/).map((b) => b.code),
      responses: titled('json', /^Response \w+$/).map((b) => ({
        status: titleOf(b.meta).slice('Response '.length),
        text: b.code,
      })),
      apiLinks: [...section.matchAll(/\]\((\/api\/v1\/[^)\s#]*)/g)].map((m) => m[1]),
    });
  }
  return {page, setupJavascript, steps};
}

// ---------------------------------------------------------------------------------------------
// curl
// ---------------------------------------------------------------------------------------------

/**
 * Splits shell text into commands of words, as a POSIX shell would for the subset the recipes use: single and
 * double quotes, backslash-newline continuations, `#` comments, and `$NAME` / `${NAME}` expanded from `env`
 * (an unknown variable is an error, so a typo cannot pass as an empty string).
 */
export function shellCommands(text: string, env: Readonly<Record<string, string>>): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  const expand = (at: number): [string, number] => {
    const m = /^\$(?:\{(\w+)\}|(\w+))/.exec(text.slice(at));
    if (!m) return ['$', at + 1];
    const name = m[1] ?? m[2];
    if (!(name in env)) throw new Error(`undefined shell variable $${name}`);
    return [env[name], at + m[0].length];
  };
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '\n') {
      i += 2;
    } else if (c === '\n' || c === ';') {
      endCommand();
      i += 1;
    } else if (c === ' ' || c === '\t') {
      endWord();
      i += 1;
    } else if (c === '#' && word === undefined) {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      word = (word ?? '') + text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      word ??= '';
      i += 1;
      while (text[i] !== '"') {
        if (i >= text.length) throw new Error('unterminated double quote');
        if (text[i] === '\\' && '"\\$`'.includes(text[i + 1])) {
          word += text[i + 1];
          i += 2;
        } else if (text[i] === '$') {
          const [value, next] = expand(i);
          word += value;
          i = next;
        } else {
          word += text[i];
          i += 1;
        }
      }
      i += 1;
    } else if (c === '$') {
      const [value, next] = expand(i);
      word = (word ?? '') + value;
      i = next;
    } else {
      word = (word ?? '') + c;
      i += 1;
    }
  }
  endCommand();
  return commands;
}

/** The request of a curl command. Only the options the recipes need are understood; any other one is an error. */
export function curlRequest(words: readonly string[]): HttpRequest {
  if (words[0] !== 'curl') throw new Error(`expected a curl command, got "${words[0]}"`);
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i += 1) {
    const option = words[i];
    const value = () => {
      if (i + 1 >= words.length) throw new Error(`${option} needs a value`);
      i += 1;
      return words[i];
    };
    if (option === '--request' || option === '-X') method = value();
    else if (option === '--header' || option === '-H') {
      const [name, ...rest] = value().split(':');
      headers[name.trim().toLowerCase()] = rest.join(':').trim();
    } else if (option === '--data' || option === '-d' || option === '--data-raw') body = value();
    else if (option.startsWith('-')) throw new Error(`curl option ${option} is not understood by this check`);
    else if (url === undefined) url = option;
    else throw new Error(`a second URL "${option}"`);
  }
  if (!url) throw new Error('curl without a URL');
  return {method: method ?? (body === undefined ? 'GET' : 'POST'), url: new URL(url), headers, body};
}

// ---------------------------------------------------------------------------------------------
// JavaScript
// ---------------------------------------------------------------------------------------------

const MAX_CALLS = 20;

/**
 * Runs the setup and every step's JavaScript as one script, as a reader's recipe.mjs would run, with a `fetch` that
 * records each request and answers with the response the page shows for the current step (its first one, then the
 * next ones for repeated calls). Nothing reaches the network: the script sees only the globals given here.
 * Returns the requests made by each step, or throws with the script's error.
 */
export async function runJavascript(recipe: Recipe, env: Readonly<Record<string, string>>): Promise<HttpRequest[][]> {
  const calls: HttpRequest[][] = recipe.steps.map(() => []);
  let current = 0;
  const fakeFetch = async (input: unknown, init: {method?: string; headers?: object; body?: unknown} = {}) => {
    const made = calls[current];
    if (calls.flat().length >= MAX_CALLS) throw new Error(`more than ${MAX_CALLS} calls: a loop does not end`);
    const headers = Object.fromEntries(
      Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    made.push({
      method: (init.method ?? 'GET').toUpperCase(),
      url: new URL(String(input)),
      headers,
      body: init.body as string,
    });
    const shown = recipe.steps[current].responses;
    const answer = shown[Math.min(made.length, shown.length) - 1];
    if (!answer) throw new Error(`step ${current + 1} shows no response`);
    return new Response(answer.text, {status: Number(answer.status), headers: {'content-type': 'application/json'}});
  };
  const context = vm.createContext({
    fetch: fakeFetch,
    process: {env: {...env}},
    console: {log: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined},
    // Polling waits are not worth waiting for in a test.
    setTimeout: (fn: () => void) => setImmediate(fn),
    URL,
    URLSearchParams,
    enterStep: (index: number) => {
      current = index;
    },
  });
  const source = [
    '(async () => {',
    recipe.setupJavascript,
    ...recipe.steps.map((step, index) => `enterStep(${index});\n${step.javascript.join('\n')}`),
    '})()',
  ].join('\n');
  const run = new vm.Script(source, {filename: recipe.page.file}).runInContext(context, {
    timeout: 2000,
  }) as Promise<void>;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the JavaScript did not finish within 5 s')), 5000);
  });
  try {
    await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
  return calls;
}

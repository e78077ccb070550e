/** What the try-it console needs to know about an operation (a slice of its page model). */
export interface ConsoleOperation {
  readonly method: string;
  readonly path: string;
  readonly server: string;
  readonly parameters: readonly ConsoleParameter[];
  /** Undefined when the call takes no body; else the example to start from ('' if none). */
  readonly body?: string;
}

export interface ConsoleParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly example?: string;
  readonly isArray: boolean;
  readonly explode: boolean;
}

export interface ConsoleInput {
  readonly instanceUrl: string;
  readonly apiKey: string;
  /** Keyed by `<in>:<name>`. */
  readonly values: Readonly<Record<string, string>>;
  readonly body: string;
}

export type BuiltRequest =
  {readonly ok: true; readonly url: string; readonly init: RequestInit} | {readonly ok: false; readonly error: string};

export const valueKey = (p: Pick<ConsoleParameter, 'in' | 'name'>) => `${p.in}:${p.name}`;

/** The instance's base URL, or null when it is not an http(s) address. */
export function instanceBase(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || url.search || url.hash) return null;
    return url;
  } catch {
    return null;
  }
}

/** Every character but letters, digits and `-._~` percent-encoded (encodeURIComponent leaves `!'()*`). */
export function encodePathValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The fetch call for the reader's input. The request goes to the instance URL the reader typed and
 * nowhere else; the key is sent as `Authorization: ApiKey <key>` (the prefix is added here).
 */
export function buildRequest(op: ConsoleOperation, input: ConsoleInput): BuiltRequest {
  const base = instanceBase(input.instanceUrl);
  if (!base)
    return {ok: false, error: 'Enter the address of your Lightdash instance, such as https://app.lightdash.cloud.'};

  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {Accept: 'application/json'};
  for (const p of op.parameters) {
    const value = (input.values[valueKey(p)] ?? '').trim();
    if (!value) {
      if (p.required) return {ok: false, error: `Fill in the ${p.in} parameter "${p.name}".`};
      continue;
    }
    if (p.in === 'path') {
      // `.` and `..` would be read as "this folder" and "the folder above" and change which call is made.
      if (value === '.' || value === '..')
        return {ok: false, error: `The path parameter "${p.name}" cannot be "${value}": give the real value.`};
      path = path.split(`{${p.name}}`).join(encodePathValue(value));
    } else if (p.in === 'query' && p.isArray && p.explode) {
      for (const item of value.split(',')) if (item.trim()) query.append(p.name, item.trim());
    } else if (p.in === 'query') query.append(p.name, value);
    else if (p.in === 'header') headers[p.name] = value;
  }

  const key = input.apiKey.trim().replace(/^ApiKey\s+/i, '');
  if (key) headers.Authorization = `ApiKey ${key}`;

  let body: string | undefined;
  if (op.body !== undefined && input.body.trim()) {
    try {
      JSON.parse(input.body);
    } catch (error) {
      return {ok: false, error: `The body is not valid JSON: ${(error as Error).message}`};
    }
    body = input.body;
    headers['Content-Type'] = 'application/json';
  }

  const search = query.toString();
  const url = new URL(base.href.replace(/\/+$/, '') + path + (search ? `?${search}` : ''));
  if (url.origin !== base.origin) return {ok: false, error: 'The parameters would send the request to another site.'};
  return {
    ok: true,
    url: url.href,
    // No cookies: the console authenticates with the key only.
    init: {method: op.method.toUpperCase(), headers, body, credentials: 'omit', mode: 'cors'},
  };
}

/** Plain words for a request that got no HTTP answer at all. */
export function explainFailure(error: unknown, url: string): string {
  const origin = instanceBase(url)?.origin ?? url;
  if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return `${origin} did not answer within 30 seconds, so the request was stopped.`;
  }
  if (error instanceof TypeError) {
    return (
      `The browser could not complete the request to ${origin}, so there is no status code to show. ` +
      'Either the instance could not be reached (check the address, your network or VPN), or it answered ' +
      'without allowing calls from this site (CORS): browsers block calls to another site unless that site ' +
      'allows them, and Lightdash instances normally accept API calls only from their own address. ' +
      'If that is the case, run the curl sample below from a terminal instead.'
    );
  }
  return `The request failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** JSON bodies are re-indented for reading; anything else is shown as it came. */
export function formatBody(text: string): string {
  if (!text) return '(empty body)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A shell word in single quotes (a quote inside becomes '\''). */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The request the console would send, as a curl command to paste in a terminal. The key is never
 * written out: the Authorization header reads `$LIGHTDASH_API_KEY` (in double quotes, so the shell
 * expands it), whatever the reader typed in the key field.
 */
export function toCurl(op: ConsoleOperation, input: Omit<ConsoleInput, 'apiKey'>): BuiltRequest & {curl?: string} {
  const request = buildRequest(op, {...input, apiKey: ''});
  if (!request.ok) return request;
  const lines = [`curl --request ${op.method.toUpperCase()} ${shellQuote(request.url)}`];
  lines.push(`--header "Authorization: ApiKey $LIGHTDASH_API_KEY"`);
  for (const [name, value] of Object.entries(request.init.headers as Record<string, string>)) {
    lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  }
  if (typeof request.init.body === 'string') lines.push(`--data ${shellQuote(request.init.body)}`);
  return {...request, curl: lines.join(' \\\n  ')};
}

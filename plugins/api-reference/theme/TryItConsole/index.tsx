import React, {useEffect, useId, useState, type FormEvent, type ReactNode} from 'react';
import {parseStoredInstance} from '../preferences';
import {INSTANCE_KEY, TRY_IT_API_KEY_KEY, TRY_IT_INSTANCE_URL_KEY} from '../../storageKeys';
import {readStored, writeStored} from '@site/src/lib/storage';
import {buildRequest, explainFailure, formatBody, toCurl, valueKey, type ConsoleOperation} from './request';
import styles from './styles.module.css';

interface Props {
  readonly operation: ConsoleOperation;
}

const readSession = (key: string) => readStored(key, 'sessionStorage');

/** Without storage, the value lives in memory for this page only. */
function writeSession(key: string, value: string | null): void {
  writeStored(key, value || null, 'sessionStorage');
}

/** The instance the reader saved beside the samples, if any (see ../preferences.ts). */
function savedInstanceUrl(): string | null {
  return parseStoredInstance(readStored(INSTANCE_KEY))?.url ?? null;
}

type Result =
  | {
      readonly kind: 'response';
      status: number;
      statusText: string;
      headers: [string, string][];
      body: string;
      ms: number;
    }
  | {readonly kind: 'error'; message: string};

/** Sends one call of the API from the browser and shows what came back. Loaded only on demand. */
export default function TryItConsole({operation}: Props): ReactNode {
  const id = useId();
  // The reader's own instance (set beside the samples) wins over one typed earlier in this tab.
  const [instanceUrl, setInstanceUrl] = useState(
    () => savedInstanceUrl() ?? readSession(TRY_IT_INSTANCE_URL_KEY) ?? operation.server,
  );
  const [apiKey, setApiKey] = useState(() => readSession(TRY_IT_API_KEY_KEY) ?? '');
  const [remember, setRemember] = useState(() => readSession(TRY_IT_API_KEY_KEY) !== null);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(operation.parameters.map((p) => [valueKey(p), p.example ?? ''])),
  );
  const [body, setBody] = useState(operation.body ?? '');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [curl, setCurl] = useState<{text: string; copied: boolean} | null>(null);

  useEffect(() => writeSession(TRY_IT_INSTANCE_URL_KEY, instanceUrl.trim() || null), [instanceUrl]);
  useEffect(() => writeSession(TRY_IT_API_KEY_KEY, remember ? apiKey : null), [remember, apiKey]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const request = buildRequest(operation, {instanceUrl, apiKey, values, body});
    if (!request.ok) {
      setResult({kind: 'error', message: request.error});
      return;
    }
    setSending(true);
    setResult(null);
    const started = performance.now();
    try {
      const response = await fetch(request.url, {...request.init, signal: AbortSignal.timeout(30_000)});
      const text = await response.text();
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      setResult({
        kind: 'response',
        status: response.status,
        statusText: response.statusText,
        headers,
        body: formatBody(text),
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      setResult({kind: 'error', message: explainFailure(error, request.url)});
    } finally {
      setSending(false);
    }
  };

  const copyAsCurl = async () => {
    const built = toCurl(operation, {instanceUrl, values, body});
    if (!built.ok || !built.curl) {
      setCurl(null);
      setResult({kind: 'error', message: built.ok ? 'The request could not be written as curl.' : built.error});
      return;
    }
    let copied = false;
    try {
      await navigator.clipboard.writeText(built.curl);
      copied = true;
    } catch {
      // No clipboard access (permission, insecure context): the command is shown to copy by hand.
    }
    setCurl({text: built.curl, copied});
  };

  return (
    <form className={styles.console} onSubmit={send} aria-label="Try it console">
      <div className={styles.field}>
        <label htmlFor={`${id}-url`}>Instance URL</label>
        <input
          id={`${id}-url`}
          type="url"
          value={instanceUrl}
          onChange={(e) => setInstanceUrl(e.target.value)}
          required
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-key`}>API key (personal access token)</label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          aria-describedby={`${id}-key-help`}
          onChange={(e) => setApiKey(e.target.value)}
        />
        <p id={`${id}-key-help`} className={styles.help}>
          Sent only to the instance above, as <code>Authorization: ApiKey &lt;key&gt;</code>; the console adds the{' '}
          <code>ApiKey</code> prefix. It is kept in this page&apos;s memory unless you tick the box below.
        </p>
        <label className={styles.check}>
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember the key
          in this browser tab (session storage, cleared when the tab closes)
        </label>
      </div>
      {operation.parameters.map((p) => (
        <div key={valueKey(p)} className={styles.field}>
          <label htmlFor={`${id}-${valueKey(p)}`}>
            {p.name}{' '}
            <span className={styles.in}>
              ({p.in}
              {p.required ? ', required' : ''})
            </span>
          </label>
          <input
            id={`${id}-${valueKey(p)}`}
            value={values[valueKey(p)] ?? ''}
            required={p.required}
            onChange={(e) => setValues((v) => ({...v, [valueKey(p)]: e.target.value}))}
          />
        </div>
      ))}
      {operation.body !== undefined && (
        <div className={styles.field}>
          <label htmlFor={`${id}-body`}>Body (JSON)</label>
          <textarea
            id={`${id}-body`}
            rows={10}
            spellCheck={false}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending…' : `Send ${operation.method.toUpperCase()} request`}
        </button>
        <button type="button" className="button button--secondary" onClick={copyAsCurl}>
          Copy as curl
        </button>
      </div>
      <div role="status" aria-live="polite" className={styles.status}>
        {result?.kind === 'response' && `Response: ${result.status} ${result.statusText} in ${result.ms} ms`}
        {curl &&
          (curl.copied
            ? ' Copied the curl command. It reads your key from $LIGHTDASH_API_KEY.'
            : ' Copy the curl command below. It reads your key from $LIGHTDASH_API_KEY.')}
      </div>
      {curl && (
        <pre tabIndex={0} className={styles.pre} data-testid="try-it-curl" aria-label="The request as a curl command">
          {curl.text}
        </pre>
      )}
      {result?.kind === 'error' && (
        <p role="alert" className={styles.error}>
          {result.message}
        </p>
      )}
      {result?.kind === 'response' && (
        <div className={styles.result}>
          <p className={styles.resultTitle}>Response headers</p>
          <pre tabIndex={0} className={styles.pre}>
            {result.headers.map(([k, v]) => `${k}: ${v}`).join('\n') || '(none readable)'}
          </pre>
          <p className={styles.resultTitle}>Response body</p>
          <pre tabIndex={0} className={styles.pre} data-testid="try-it-body">
            {result.body}
          </pre>
        </div>
      )}
    </form>
  );
}

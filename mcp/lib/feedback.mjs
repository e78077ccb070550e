/**
 * Where `submit_feedback` puts what an agent reports about a page. The operator chooses one sink:
 * - FEEDBACK_URL (or --feedback-url): each report is POSTed there as JSON, with a timeout and without
 *   following any redirect (a redirect could send the report, or our request, to another host);
 * - FEEDBACK_FILE (or --feedback-file): each report is appended to that file as one JSON line;
 * - neither: each report is written to the server's log (stderr) as one JSON line, so nothing is lost
 *   and nothing is written anywhere the operator did not choose.
 * Reports are data for the docs team: they are never put into a page or echoed back to the client.
 */
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {DocsError} from './source.mjs';

/** A POST to FEEDBACK_URL gives up after this long. */
export const FEEDBACK_TIMEOUT_MS = 10_000;
/** The file sink stops accepting reports past this size, so a flood cannot fill the disk. */
export const MAX_FEEDBACK_FILE_BYTES = 50 * 1024 * 1024;
/**
 * Characters a report keeps, but never raw in a stored line: C1 controls (a terminal may act on them),
 * bidirectional embeddings, overrides, isolates and marks (they reorder what a reader of the file sees,
 * "Trojan Source"), and the Unicode line and paragraph separators (some readers break lines there).
 * JSON.stringify leaves them as they are; storedLine writes them as \uXXXX escapes, which JSON readers
 * turn back into the same text.
 */
const UNSAFE_IN_FILES = /[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** One report as one JSON line with nothing in it that a terminal or editor would act on. */
export function storedLine(record) {
  return JSON.stringify(record).replace(UNSAFE_IN_FILES, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * @param {{file?: string, url?: string, fetchImpl?: typeof fetch, log?: (line: string) => void}} options
 */
export function createFeedbackSink({
  file,
  url,
  fetchImpl = globalThis.fetch,
  log = (line) => console.error(line),
} = {}) {
  let target;
  if (url) {
    target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new DocsError(`FEEDBACK_URL must be an http or https URL, not ${target.protocol}`);
    }
  }
  const filePath = !target && file ? path.resolve(file) : undefined;

  // How many reports a client may send is limited per client by the tool's host (server.mjs,
  // limits.mjs FEEDBACK_PER_CLIENT_PER_MINUTE), where the client's address is known.
  return {
    description: target ? `POST to ${target.origin}` : filePath ? `the file ${filePath}` : 'the server log',
    /** What a tool worker builds the same sink from (server.mjs createToolHost). */
    options: {file: filePath, url: target?.href},
    /** Stores one report; resolves to where it went, for the tool's answer. */
    async submit(record) {
      const line = storedLine(record);
      if (target) {
        let response;
        try {
          response = await fetchImpl(target, {
            method: 'POST',
            headers: {'content-type': 'application/json'},
            body: line,
            redirect: 'manual',
            signal: AbortSignal.timeout(FEEDBACK_TIMEOUT_MS),
          });
        } catch (error) {
          log(
            `[lightdash-docs-mcp] feedback POST failed: ${/** @type {any} */ (error)?.cause?.code ?? /** @type {any} */ (error)?.message ?? error}`,
          );
          throw new DocsError('The feedback could not be delivered (the feedback service did not answer).');
        }
        await response.body?.cancel().catch(() => undefined);
        if (response.status < 200 || response.status > 299) {
          log(`[lightdash-docs-mcp] feedback POST answered HTTP ${response.status}`);
          throw new DocsError(
            `The feedback could not be delivered (the feedback service answered ${response.status}).`,
          );
        }
        return 'sent to the docs team';
      }
      if (filePath) {
        const size = await fs.stat(filePath).then(
          (s) => s.size,
          () => 0,
        );
        if (size + line.length > MAX_FEEDBACK_FILE_BYTES) {
          log(`[lightdash-docs-mcp] feedback file ${filePath} is full (${MAX_FEEDBACK_FILE_BYTES} bytes)`);
          throw new DocsError('The feedback store is full; the docs team has been told in the server log.');
        }
        // One write per report with O_APPEND: concurrent reports do not interleave within a line.
        try {
          await fs.appendFile(filePath, `${line}\n`, {encoding: 'utf8', mode: 0o600});
        } catch (error) {
          // The operator's path stays in the operator's log: the client learns only that it failed.
          log(
            `[lightdash-docs-mcp] feedback file ${filePath} could not be written: ${/** @type {any} */ (error)?.message ?? error}`,
          );
          throw new DocsError(
            'The feedback could not be recorded (the server cannot write its feedback store); ' +
              'the docs team has been told in the server log.',
          );
        }
        return 'recorded for the docs team';
      }
      // JSON.stringify escapes newlines and control characters: a report cannot forge other log lines.
      log(`[lightdash-docs-mcp] feedback: ${line}`);
      return 'recorded in the server log';
    },
  };
}

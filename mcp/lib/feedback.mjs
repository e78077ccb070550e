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
/** Reports accepted per minute by one server process, whatever the sink. */
export const FEEDBACK_PER_MINUTE = 60;

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
  const recent = [];

  /** Refuses a report when this process has taken FEEDBACK_PER_MINUTE in the last minute. */
  function checkRate() {
    const now = Date.now();
    while (recent.length && now - recent[0] > 60_000) recent.shift();
    if (recent.length >= FEEDBACK_PER_MINUTE) {
      throw new DocsError('Too many feedback reports in the last minute; try again later.');
    }
    recent.push(now);
  }

  return {
    description: target ? `POST to ${target.origin}` : filePath ? `the file ${filePath}` : 'the server log',
    /** Stores one report; resolves to where it went, for the tool's answer. */
    async submit(record) {
      checkRate();
      const line = JSON.stringify(record);
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
          log(`[lightdash-docs-mcp] feedback POST failed: ${error?.cause?.code ?? error?.message ?? error}`);
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
        await fs.appendFile(filePath, `${line}\n`, {encoding: 'utf8', mode: 0o600});
        return 'recorded for the docs team';
      }
      // JSON.stringify escapes newlines and control characters: a report cannot forge other log lines.
      log(`[lightdash-docs-mcp] feedback: ${line}`);
      return 'recorded in the server log';
    },
  };
}

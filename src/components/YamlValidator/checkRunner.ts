/**
 * Runs the YAML checker off the main thread. The worker (and with it the `yaml` parser and the compiled schema) is
 * only created on the first check, so no other page, and this page before someone types, downloads any of it.
 * Texts sent while a check runs are coalesced: only the newest waits, and an answer for an older text is dropped.
 * Where a worker cannot start or its script fails to load, the same checker runs on the main thread, loaded on
 * demand. A check that runs past CHECK_BUDGET_MS is stopped: the worker is terminated (a new one starts with the next
 * check) and the reader is told why, so the page never stays at "Checking…".
 */
import {LIMITS_LINK} from '@site/src/lib/yamlCheck/docLinks';
import type {LightdashVersion, YamlCheckResult} from '@site/src/lib/yamlCheck/checkYaml';
import type {CheckResponse} from './protocol';

/**
 * How long one check may take in the worker. The largest file the checker reads (1,000,000 characters) takes a few
 * seconds on a slow two-core machine (bench-results/yaml-check.md); anything far past that is a file the checker's
 * own limits missed, and the reader learns it instead of waiting.
 */
export const CHECK_BUDGET_MS = 20_000;

export class CheckRunner {
  private worker: Worker | undefined;
  private workerFailed = false;
  private nextId = 1;
  /** The request being checked, and the newest text waiting behind it. */
  private running: {id: number; text: string} | undefined;
  private pending: string | undefined;
  private disposed = false;
  private budget: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly version: LightdashVersion,
    private readonly onResult: (result: YamlCheckResult) => void,
  ) {}

  check(text: string): void {
    if (this.disposed) return;
    if (this.running) this.pending = text;
    else this.start(text);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.budget);
    this.worker?.terminate();
    this.worker = undefined;
  }

  private start(text: string): void {
    const id = this.nextId++;
    this.running = {id, text};
    const worker = this.ensureWorker();
    if (worker) {
      worker.postMessage({id, text, version: this.version});
      clearTimeout(this.budget);
      this.budget = setTimeout(() => this.stop(id), CHECK_BUDGET_MS);
    } else {
      void this.checkOnMainThread(id, text);
    }
  }

  private ensureWorker(): Worker | undefined {
    if (this.worker || this.workerFailed || typeof Worker === 'undefined') return this.worker;
    try {
      this.worker = new Worker(new URL('./checker.worker.ts', import.meta.url));
    } catch {
      this.workerFailed = true;
      return undefined;
    }
    this.worker.onmessage = (event: MessageEvent<CheckResponse>) => this.finish(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.worker?.terminate();
      this.worker = undefined;
      this.workerFailed = true;
      if (this.running) void this.checkOnMainThread(this.running.id, this.running.text);
    };
    return this.worker;
  }

  private async checkOnMainThread(id: number, text: string): Promise<void> {
    try {
      const {checkDbtYaml} = await import('@site/src/lib/yamlCheck/checkYaml');
      this.finish({id, result: checkDbtYaml(text, {version: this.version})});
    } catch (error) {
      this.finish({id, error: error instanceof Error ? error.message : String(error)});
    }
  }

  /** The check `id` ran past its budget: its worker is ended, and the answer says so. */
  private stop(id: number): void {
    if (this.disposed || this.running?.id !== id) return;
    this.worker?.terminate();
    this.worker = undefined;
    const seconds = CHECK_BUDGET_MS / 1000;
    this.finish({
      id,
      stopped:
        `The check was stopped after ${seconds} seconds, the most one check may take, so this file was not checked. ` +
        'Check it in parts (one model at a time), or compile it with the Lightdash CLI.',
    });
  }

  private finish(response: CheckResponse): void {
    if (this.disposed || response.id !== this.running?.id) return;
    clearTimeout(this.budget);
    this.running = undefined;
    const next = this.pending;
    this.pending = undefined;
    // An answer for a text that has changed since is not shown: the newer text is checked next.
    if (next !== undefined) {
      this.start(next);
      return;
    }
    if ('result' in response) this.onResult(response.result);
    else if ('stopped' in response) this.onResult(this.failure(response.stopped));
    else this.onResult(this.failure(`The checker stopped with an error: ${response.error.slice(0, 200)}`));
  }

  /** A check that gave no answer, as a result of no lines with one problem that says why. */
  private failure(message: string): YamlCheckResult {
    return {
      version: this.version,
      valid: false,
      counts: {error: 1, warning: 0, later: 0},
      problems: [{kind: 'limit', severity: 'error', line: 1, column: 1, path: '', message, docs: LIMITS_LINK}],
      omitted: 0,
      lines: 0,
    };
  }
}

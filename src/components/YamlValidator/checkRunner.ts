/**
 * Runs the YAML checker off the main thread. The worker (and with it the `yaml` parser and the compiled schema) is
 * only created on the first check, so no other page, and this page before someone types, downloads any of it.
 * Texts sent while a check runs are coalesced: only the newest waits, and an answer for an older text is dropped.
 * Where a worker cannot start or its script fails to load, the same checker runs on the main thread, loaded on
 * demand.
 */
import {LIMITS_LINK} from '@site/src/lib/yamlCheck/docLinks';
import type {YamlCheckResult} from '@site/src/lib/yamlCheck/checkYaml';
import type {CheckResponse} from './protocol';

export class CheckRunner {
  private worker: Worker | undefined;
  private workerFailed = false;
  private nextId = 1;
  /** The request being checked, and the newest text waiting behind it. */
  private running: {id: number; text: string} | undefined;
  private pending: string | undefined;
  private disposed = false;

  constructor(private readonly onResult: (result: YamlCheckResult) => void) {}

  check(text: string): void {
    if (this.disposed) return;
    if (this.running) this.pending = text;
    else this.start(text);
  }

  dispose(): void {
    this.disposed = true;
    this.worker?.terminate();
    this.worker = undefined;
  }

  private start(text: string): void {
    const id = this.nextId++;
    this.running = {id, text};
    const worker = this.ensureWorker();
    if (worker) worker.postMessage({id, text});
    else void this.checkOnMainThread(id, text);
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
      this.finish({id, result: checkDbtYaml(text)});
    } catch (error) {
      this.finish({id, error: error instanceof Error ? error.message : String(error)});
    }
  }

  private finish(response: CheckResponse): void {
    if (this.disposed || response.id !== this.running?.id) return;
    this.running = undefined;
    const next = this.pending;
    this.pending = undefined;
    // An answer for a text that has changed since is not shown: the newer text is checked next.
    if (next !== undefined) {
      this.start(next);
      return;
    }
    this.onResult('result' in response ? response.result : failure(response.error));
  }
}

function failure(error: string): YamlCheckResult {
  const message = `The checker stopped with an error: ${error.slice(0, 200)}`;
  return {
    valid: false,
    problems: [{kind: 'limit', line: 1, column: 1, path: '', message, docs: LIMITS_LINK}],
    omitted: 0,
    lines: 0,
  };
}

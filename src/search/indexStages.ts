/**
 * The two stages of a search index, loaded once per address and shared by the search box, the search
 * page and the index health check (all through ./worker.ts).
 *
 * Why two stages: the all-sections index is ~1 MB gzip, 80 % of it body text; a reader's first
 * suggestions come from titles, headings, descriptions and API keywords (operationIds, routes,
 * schema names). scripts/search-indexes.mjs writes those four parts next to every index as
 * `search-index….stage1.json` (~200 KB gzip); the search answers from it as soon as it is in, and from
 * the whole index (the unchanged `search-index….json`, which the spec names) once that has loaded.
 * Without a first stage (an older build, a 404) the whole index is the first stage.
 */
import type {LoadedIndexes} from './types';
import type {IndexHealth} from './searchIndex';
import {loadIndexes, SearchIndexError} from './loadIndexes';

/** `search-index-guides.json?_=hash` → `search-index-guides.stage1.json?_=hash`. */
export function firstStageAddress(indexAddress: string): string {
  return indexAddress.replace(/\.json(?=$|[?#])/, '.stage1.json');
}

type Fetch = (input: string, init?: {signal?: AbortSignal}) => Promise<Response>;

/**
 * A fetched index file, parsed and loaded into lunr, or why it could not be. `unreachable`: no answer
 * came at all (offline, or the server did not answer in time), so asking for another file is pointless.
 */
type Loaded = {ok: true; indexes: LoadedIndexes} | {ok: false; reason: string; unreachable?: boolean};

/**
 * How long an index file may take to start answering (its headers; the body may take longer on a slow
 * network). Without a limit, a server that never answers leaves search loading for ever, with no word
 * to the reader.
 */
const INDEX_ANSWER_TIMEOUT_MS = 8000;

async function fetchIndex(address: string, fetchFn: Fetch, timeoutMs: number): Promise<Loaded> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let response: Response;
  try {
    response = await fetchFn(address, {signal: controller.signal});
  } catch {
    return timedOut
      ? {ok: false, unreachable: true, reason: `the search index did not answer within ${timeoutMs / 1000} seconds`}
      : {ok: false, unreachable: true, reason: 'the search index could not be loaded (network error)'};
  } finally {
    clearTimeout(timer);
  }
  try {
    if (!response.ok) return {ok: false, reason: `the search index could not be loaded (HTTP ${response.status})`};
    const data: unknown = await response.json();
    // The same loading as the MCP server's and the tests' (./loadIndexes.ts through ./engine.ts).
    return {ok: true, indexes: loadIndexes(data)};
  } catch (error) {
    if (error instanceof SearchIndexError) return {ok: false, reason: 'the search index is damaged'};
    return {ok: false, reason: 'the search index could not be loaded (network error or damaged file)'};
  }
}

/**
 * How long after the first stage the whole index starts loading when no search has come yet. Loading it
 * (parsing ~5 MB of JSON and building its lunr indexes) holds the worker for a few hundred
 * milliseconds, so it waits for the first answer: a search that arrives meanwhile would wait too.
 */
const WHOLE_INDEX_DELAY_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The loading of one index address: first stage, then the whole index. */
export class StagedIndex {
  private best: LoadedIndexes | null = null;
  /** Settles when something can be searched (first stage or whole index), or nothing can. */
  readonly ready: Promise<Loaded>;
  /** Settles when the whole index has loaded or failed. */
  readonly whole: Promise<Loaded>;
  /** Lets the whole index start loading now rather than after WHOLE_INDEX_DELAY_MS. */
  readonly answered: () => void;
  /** The whole index failed: the next search should ask again (the network may be back). */
  failed = false;

  constructor(
    address: string,
    fetchFn: Fetch,
    wholeDelayMs = WHOLE_INDEX_DELAY_MS,
    timeoutMs = INDEX_ANSWER_TIMEOUT_MS,
  ) {
    const first = fetchIndex(firstStageAddress(address), fetchFn, timeoutMs);
    let answered = () => {};
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    this.answered = answered;
    // The whole index is asked for once the first stage is in (so the two do not share the reader's
    // bandwidth before the first suggestions) and the first search has been answered from it, or a
    // moment later. Without a first stage, the whole index is the first stage: asked for at once. When
    // the first stage got no answer at all, the whole index would not either.
    this.whole = first.then(async (loaded) => {
      if (!loaded.ok && loaded.unreachable) return loaded;
      if (loaded.ok) await Promise.race([firstAnswer, delay(wholeDelayMs)]);
      return fetchIndex(address, fetchFn, timeoutMs);
    });
    void this.whole.then((loaded) => {
      if (loaded.ok) this.best = loaded.indexes;
      else this.failed = true;
    });
    this.ready = first.then((loaded) => {
      if (!loaded.ok) return this.whole;
      this.best ??= loaded.indexes;
      return loaded;
    });
  }

  /** The fullest index loaded so far (null before `ready`). */
  current(): LoadedIndexes | null {
    return this.best;
  }

  /**
   * The health the reader is told about: the whole index. When only the first stage loaded, search
   * still answers from titles and headings, and the reader is told that text is missing.
   */
  async health(): Promise<IndexHealth> {
    const whole = await this.whole;
    if (whole.ok) return {ok: true};
    const first = await this.ready;
    return first.ok
      ? {ok: false, partial: true, reason: `${whole.reason}, so search finds page titles and headings only`}
      : {ok: false, reason: whole.reason};
  }
}

/**
 * One StagedIndex per address, so each file is fetched once while it loads or once it has loaded. One
 * that failed is replaced at the next call, so search recovers when the network does.
 */
export class IndexCache {
  private readonly byAddress = new Map<string, StagedIndex>();

  constructor(private readonly fetchFn: Fetch) {}

  get(address: string): StagedIndex {
    let staged = this.byAddress.get(address);
    if (!staged || staged.failed) {
      staged = new StagedIndex(address, this.fetchFn);
      this.byAddress.set(address, staged);
    }
    return staged;
  }
}

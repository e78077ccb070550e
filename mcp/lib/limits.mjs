/**
 * Every limit the docs MCP server puts on what a client may ask, in one place: the HTTP endpoint
 * (http.mjs), the tool pool (toolPool.mjs), the per-client counters (clients.mjs) and the tools' input
 * checks (server.mjs, validate-yaml.mjs) read them from here. mcp/README.md ("Limits") says why each has
 * its value; tests/mcp/hostile.test.ts checks that each holds.
 *
 * The rule behind them: one request, or one client, must never stall the site. Tool work runs in worker
 * threads (toolPool.mjs) with a budget, so the serving thread only reads, checks and forwards.
 */
import os from 'node:os';

/**
 * LIGHTDASH_DOCS_MCP_LIMITS (JSON, such as `{"TOOL_DEADLINE_MS": 3000}`) overrides a limit by its name:
 * for tests that need a short budget, and for an operator who must tune one. A name that is not a
 * limit below, or a value that is not a positive number, stops the server at start.
 */
const OVERRIDES = JSON.parse(process.env.LIGHTDASH_DOCS_MCP_LIMITS || '{}');
const DEFAULTS = new Map();
function limit(name, value) {
  DEFAULTS.set(name, value);
  if (!(name in OVERRIDES)) return value;
  const given = OVERRIDES[name];
  if (typeof given !== 'number' || !(given > 0)) {
    throw new Error(`LIGHTDASH_DOCS_MCP_LIMITS: ${name} must be a positive number, not ${JSON.stringify(given)}`);
  }
  return given;
}

// --- HTTP: what one request may send -------------------------------------------------------------

/** Largest request body, in bytes: a tool call is a few KB; pasted YAML files are the large ones. */
export const MAX_BODY_BYTES = limit('MAX_BODY_BYTES', 2 * 1024 * 1024);
/**
 * A body must arrive at this many bytes a second on average, counted from the end of the headers, once
 * BODY_RATE_GRACE_MS has passed: a client dripping a byte every few seconds (slowloris) is cut off
 * instead of holding a slot. 2 MiB at this rate takes 2 s; every real client sends a call in one packet.
 */
export const MIN_BODY_BYTES_PER_SECOND = limit('MIN_BODY_BYTES_PER_SECOND', 1024);
export const BODY_RATE_GRACE_MS = limit('BODY_RATE_GRACE_MS', 2_000);
/** JSON-RPC messages in one batch (the SDK allows 100); each call in it is counted like a call of its own. */
export const MAX_BATCH_MESSAGES = limit('MAX_BATCH_MESSAGES', 10);
/** Requests handled at once by one server; more get 503 at once. */
export const MAX_CONCURRENT_REQUESTS = limit('MAX_CONCURRENT_REQUESTS', 16);
/** ...of which one client address may hold this many, so one client cannot take every slot. */
export const MAX_REQUESTS_PER_CLIENT = limit('MAX_REQUESTS_PER_CLIENT', 4);
/**
 * A request still unanswered after this long is answered 503: a backstop above the tool budget, for a
 * batch whose calls wait for a worker (MAX_BATCH_MESSAGES calls of TOOL_DEADLINE_MS on a small pool).
 */
export const REQUEST_DEADLINE_MS = limit('REQUEST_DEADLINE_MS', 120_000);
// The limits on slow clients (headers, request and keep-alive timeouts) are the static server's too:
// scripts/hosting/rules.mjs SERVER_TIMEOUTS.

// --- Tool calls: where and how long they run -----------------------------------------------------

/**
 * Worker threads that run tool calls: one per core, at least 2 (so one slow call leaves another worker
 * for everyone else) and at most 4 (each holds the search indexes, about 100 MB). The serving thread
 * never runs a tool, and waits on the network most of the time, so it needs no core of its own.
 */
export const TOOL_WORKERS = limit('TOOL_WORKERS', Math.min(4, Math.max(2, os.availableParallelism())));
/** One call's budget once a worker starts it; past it the worker is terminated and the call gets an error. */
export const TOOL_DEADLINE_MS = limit('TOOL_DEADLINE_MS', 10_000);
/** A worker's start (modules and search indexes loaded) may take this long before it is given up. */
export const WORKER_START_MS = limit('WORKER_START_MS', 60_000);
/** A call waits at most this long for a free worker before it is refused as "busy". */
export const TOOL_QUEUE_WAIT_MS = limit('TOOL_QUEUE_WAIT_MS', 20_000);
/** Calls waiting for a worker, all clients together; more are refused at once. */
export const MAX_QUEUED_CALLS = limit('MAX_QUEUED_CALLS', 64);
/** Calls one client may have running or waiting at once (a batch's calls count one by one). */
export const MAX_CALLS_PER_CLIENT = limit('MAX_CALLS_PER_CLIENT', 4);
/** Heap of one worker: a call that needs more ends its worker, not the server. */
export const WORKER_HEAP_MB = limit('WORKER_HEAP_MB', 512);

// --- Tool input: refused before any work ----------------------------------------------------------

/** search_docs: longer queries are refused; nobody types them. */
export const MAX_QUERY_CHARS = limit('MAX_QUERY_CHARS', 500);
/**
 * search_docs: longest word (letters, digits and `_` between other characters). The search tries every
 * word with typos allowed, whose cost grows fast with its length: an unknown word of 200 letters costs
 * 0.3 s, of 500 letters 5 s; the longest words of the docs (setting names) are under 40.
 */
export const MAX_QUERY_WORD_CHARS = limit('MAX_QUERY_WORD_CHARS', 64);
/** submit_feedback: reports one client address may send a minute. */
export const FEEDBACK_PER_CLIENT_PER_MINUTE = limit('FEEDBACK_PER_CLIENT_PER_MINUTE', 10);

for (const name of Object.keys(OVERRIDES)) {
  if (!DEFAULTS.has(name)) throw new Error(`LIGHTDASH_DOCS_MCP_LIMITS: ${name} is not a limit of the docs MCP server`);
}

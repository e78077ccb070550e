/**
 * The tool pool (mcp/lib/toolPool.mjs) on its own, with test tools (tests/fixtures/pool-tools.mjs): calls
 * registered on the serving thread run in a worker thread, a call past its budget ends its worker with a
 * clear error while this thread's timers keep running, and the next call gets a fresh worker.
 */
import {afterAll, describe, expect, it} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {createToolPool, runInPool, ToolLimitError} from '../../mcp/lib/toolPool.mjs';
import {registerPoolTools} from '../fixtures/pool-tools.mjs';

const BUDGET_MS = 500;
const pool = createToolPool({
  workerUrl: new URL('../../mcp/lib/tool-worker.mjs', import.meta.url),
  workerData: {module: new URL('../fixtures/pool-tools.mjs', import.meta.url).href, options: {}},
  size: 1,
  deadlineMs: BUDGET_MS,
  startMs: 30_000,
  queueWaitMs: 30_000,
  maxQueued: 2,
});
afterAll(() => pool.close());

async function connect() {
  const server = runInPool(new McpServer({name: 'pool-test', version: '0.0.0'}), (task) =>
    pool.run(task, (task as {name: string}).name),
  );
  registerPoolTools(server);
  const client = new Client({name: 'pool-test-client', version: '0.0.0'});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

const text = (result: Record<string, unknown>) => (result.content as {text: string}[])[0].text;

describe('toolPool', () => {
  it('runs a tool, a tool without arguments and a resource in a worker thread', async () => {
    const client = await connect();
    expect(text(await client.callTool({name: 'spin', arguments: {ms: 1}}))).toBe('spun 1 ms');
    expect(text(await client.callTool({name: 'thread'}))).toMatch(/^thread [1-9]\d*$/);
    expect((await client.readResource({uri: 'test://note'})).contents).toEqual([{uri: 'test://note', text: 'a note'}]);
    await client.close();
  }, 30_000);

  it('ends a call past its budget with a clear error, without stopping this thread, then starts afresh', async () => {
    const client = await connect();
    await client.callTool({name: 'thread'});
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const started = Date.now();
    const result = await client.callTool({name: 'spin', arguments: {ms: 60_000}});
    clearInterval(timer);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      `spin was stopped: it ran past its budget of ${BUDGET_MS / 1000} s. Ask for less (a shorter query, a smaller file) and try again.`,
    );
    expect(Date.now() - started).toBeLessThan(BUDGET_MS + 2_000);
    // This thread's timers ran all along (about one every 50 ms; fewer on a loaded machine, none if blocked).
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(pool.stats.stopped).toBe(1);
    expect(text(await client.callTool({name: 'spin', arguments: {ms: 1}}))).toBe('spun 1 ms');
    await client.close();
  }, 30_000);

  it('refuses at once what would wait beyond its queue', async () => {
    await pool.run({kind: 'tool', name: 'thread'}, 'thread');
    const running = pool.run({kind: 'tool', name: 'spin', args: {ms: 300}}, 'spin');
    const waiting = [1, 2].map(() => pool.run({kind: 'tool', name: 'spin', args: {ms: 1}}, 'spin'));
    await expect(pool.run({kind: 'tool', name: 'spin', args: {ms: 1}}, 'spin')).rejects.toBeInstanceOf(ToolLimitError);
    await Promise.all([running, ...waiting]);
  }, 30_000);
});

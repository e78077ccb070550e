/**
 * Starts the docs MCP server (mcp/bin/lightdash-docs-mcp.mjs) as a client would, over stdio or HTTP,
 * and connects the SDK's own client to it.
 */
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import net, {type AddressInfo} from 'node:net';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {BUILD_DIR, ROOT} from '../support/build';

export {BUILD_DIR, ROOT};
const BIN = path.join(ROOT, 'mcp/bin/lightdash-docs-mcp.mjs');

/** The server reads 5 MB of search index on a busy machine: searches get this long. */
export const SLOW = 180_000;

/** Fails with the command to run when the production build is missing. */
export function requireBuild(): void {
  for (const file of [
    'search-index.json',
    'next/search-index.json',
    'api/v1/openapi.json',
    'api/v1/operations.json',
    'llms.txt',
  ]) {
    if (!existsSync(path.join(BUILD_DIR, file))) {
      throw new Error(`The MCP tests read the production build, but build/${file} is missing. Run \`npm run build\`.`);
    }
  }
}

export interface ServerUnderTest {
  client: Client;
  /** What the server wrote to stderr (its log). */
  stderr: () => string;
  close: () => Promise<void>;
}

export async function startServer(args: string[]): Promise<ServerUnderTest> {
  const transport = new StdioClientTransport({command: process.execPath, args: [BIN, ...args], stderr: 'pipe'});
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const client = new Client({name: 'lightdash-docs-tests', version: '0.0.0'});
  // The SDK gives up on a request after 60 s by default; a loaded CI machine can take longer to start.
  await client.connect(transport, {timeout: SLOW});
  return {client, stderr: () => log, close: () => client.close()};
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
}

/** Calls a tool and returns its one text block. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = await client.callTool({name, arguments: args}, undefined, {timeout: SLOW});
  const content = result.content as {type: string; text?: string}[];
  if (content.length !== 1 || content[0].type !== 'text') {
    throw new Error(`${name} answered ${JSON.stringify(content).slice(0, 200)}, not one text block`);
  }
  return {isError: result.isError === true, text: content[0].text ?? ''};
}

/** Calls a tool that must succeed and parses its JSON answer. */
export async function callJson<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const answer = await callTool(client, name, args);
  if (answer.isError) throw new Error(`${name}(${JSON.stringify(args)}) failed: ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

export interface SearchAnswer {
  query: string;
  version: string;
  versionName: string;
  hits: {title: string; section?: string; url: string; markdownUrl?: string; snippet: string}[];
}

/** A port on 127.0.0.1 that was free a moment ago (opened, then closed again). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const {port} = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface HttpProcess {
  /** The /mcp URL the process printed. */
  mcpUrl: string;
  stdout: () => string;
  stderr: () => string;
  /** Whether the process is still running. */
  alive: () => boolean;
  close: () => Promise<void>;
}

/**
 * Starts a Node script that serves MCP over HTTP (`lightdash-docs-mcp --http`, `scripts/serve.mjs`) and
 * resolves when it prints its `MCP endpoint: <url>` line.
 */
export async function startHttpProcess(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<HttpProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    env: {...process.env, FEEDBACK_FILE: '', FEEDBACK_URL: '', ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const mcpUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${stderr}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /MCP endpoint: (\S+)/.exec(stdout);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${stderr}`)));
  });
  return {
    mcpUrl,
    stdout: () => stdout,
    stderr: () => stderr,
    alive: () => child.exitCode === null && child.signalCode === null,
    close: async () => {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}

/** The SDK's own client, connected over Streamable HTTP. */
export async function connectHttp(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({name: 'lightdash-docs-tests', version: '0.0.0'});
  await client.connect(new StreamableHTTPClientTransport(new URL(url), {requestInit: {headers}}), {timeout: SLOW});
  return client;
}

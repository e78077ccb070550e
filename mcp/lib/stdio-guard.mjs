/**
 * Stands between stdin and the SDK's StdioServerTransport, which on its own (SDK 1.32) ends the session
 * without a word when a line passes its 10 MiB buffer, and answers nothing to a line that is not JSON.
 * This reads stdin line by line and hands the transport only lines that are JSON-RPC messages; for any
 * other line it calls onReject, which answers the client with a JSON-RPC error and logs it:
 * - a line over maxLineBytes: 'too-large' (the line is skipped to its end; the session goes on);
 * - a line that is not JSON: 'parse' (JSON-RPC -32700);
 * - JSON that is not a JSON-RPC message: 'invalid' (JSON-RPC -32600).
 * It only sorts lines: reading the messages stays the SDK's.
 */
import {PassThrough} from 'node:stream';
import {JSONRPCMessageSchema} from '@modelcontextprotocol/sdk/types.js';

/** Longest line taken from a client, in bytes; well under the SDK's own 10 MiB buffer. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * @param {NodeJS.ReadableStream} input  process.stdin
 * @param {(reason: {kind: 'too-large' | 'parse' | 'invalid', bytes: number, id?: string | number}) => void} onReject
 * @returns {PassThrough} the stream to give StdioServerTransport as its stdin
 */
export function guardStdin(input, onReject, {maxLineBytes = MAX_LINE_BYTES} = {}) {
  const output = new PassThrough();
  let pending = [];
  let pendingBytes = 0;
  // After a line went over the limit: its bytes until the next newline are dropped.
  let skipping = false;
  let skippedBytes = 0;

  function finishLine() {
    const line = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const text = line.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      onReject({kind: 'parse', bytes: line.length});
      return;
    }
    // A batch (an array) is not a message of the current protocol: the SDK refuses it as well.
    if (!JSONRPCMessageSchema.safeParse(message).success) {
      const id = typeof message?.id === 'string' || typeof message?.id === 'number' ? message.id : undefined;
      onReject({kind: 'invalid', bytes: line.length, id});
      return;
    }
    output.write(`${text}\n`);
  }

  input.on('data', (chunk) => {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      if (skipping) {
        skippedBytes += piece.length;
      } else if (pendingBytes + piece.length > maxLineBytes) {
        skipping = true;
        skippedBytes = pendingBytes + piece.length;
        pending = [];
        pendingBytes = 0;
        // Answered now, not at the line's end: a client may never send the rest.
        onReject({kind: 'too-large', bytes: skippedBytes});
      } else if (piece.length) {
        pending.push(piece);
        pendingBytes += piece.length;
      }
      if (end === -1) break;
      if (skipping) {
        skipping = false;
        skippedBytes = 0;
      } else {
        finishLine();
      }
      start = end + 1;
    }
  });
  input.on('end', () => {
    if (!skipping && pendingBytes) finishLine();
    output.end();
  });
  input.on('error', (error) => output.destroy(error));
  return output;
}

/**
 * Checks the params of each JSON-RPC request against the SDK's own schema for its method before the
 * SDK sees it, so that a malformed request (such as `tools/call` with `"arguments": null`) gets -32602
 * "Invalid params" with a short reason. Left to the SDK, it gets -32603 "Internal error" and a dump
 * of the validation (issue 45). Works on any transport, and on each message of a batch.
 */
import {ClientRequestSchema, ErrorCode} from '@modelcontextprotocol/sdk/types.js';

/** method → the SDK's schema of that request */
const SCHEMAS = new Map(ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]));

/** The first problem of a failed parse, in one line: "params.arguments: expected record, received null". */
function reason(error) {
  const issue = error?.issues?.[0];
  if (!issue) return 'the params do not match the method';
  const where = issue.path?.length ? `${issue.path.filter((part) => part !== 'params').join('.')}: ` : '';
  return `${where}${issue.message}`.slice(0, 200);
}

/** Wraps a connected transport's onmessage; call after server.connect(transport). */
export function guardRequestParams(transport) {
  const forward = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const schema = message && 'id' in message && typeof message.method === 'string' && SCHEMAS.get(message.method);
    if (schema) {
      const parsed = schema.safeParse(message);
      if (!parsed.success) {
        const error = {
          code: ErrorCode.InvalidParams,
          message: `Invalid params for ${message.method}: ${reason(parsed.error)}`,
        };
        transport.send({jsonrpc: '2.0', id: message.id, error}).catch(() => undefined);
        return;
      }
    }
    forward?.(message, extra);
  };
}

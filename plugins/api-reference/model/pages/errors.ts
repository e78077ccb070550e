/**
 * Error-payload examples per status. The contract gives ApiErrorPayload one example (a 404), which
 * every error response used to inherit, so a 401 showed `"statusCode": 404`. Each documented error
 * status gets an envelope of its own, with the error name the Lightdash server uses for it
 * (packages/common errors: ParameterError, AuthorizationError, ForbiddenError, NotFoundError,
 * UnexpectedServerError); `default` shows a 500. Messages are illustrative: the contract leaves them
 * open.
 */
const ERRORS: Readonly<Record<string, {readonly name: string; readonly statusCode: number; readonly message: string}>> =
  {
    '400': {name: 'ParameterError', statusCode: 400, message: 'A parameter or body field is missing or invalid'},
    '401': {name: 'AuthorizationError', statusCode: 401, message: 'No valid session or personal access token'},
    '403': {name: 'ForbiddenError', statusCode: 403, message: 'Your role does not allow this call'},
    '404': {name: 'NotFoundError', statusCode: 404, message: 'The item does not exist or you cannot see it'},
    default: {name: 'UnexpectedServerError', statusCode: 500, message: 'Something went wrong on the server'},
  };

const isErrorEnvelope = (value: unknown): value is {status: 'error'; error: {statusCode?: unknown}} =>
  typeof value === 'object' &&
  value !== null &&
  (value as {status?: unknown}).status === 'error' &&
  typeof (value as {error?: unknown}).error === 'object';

/**
 * The example to show for a response: its own when it matches the status; for an error envelope that
 * names another status (inherited from the shared schema), the status's own envelope.
 */
export function exampleForStatus(code: string, example: unknown): unknown {
  if (!isErrorEnvelope(example)) return example;
  const expected = ERRORS[code];
  if (!expected || example.error.statusCode === expected.statusCode) return example;
  return {status: 'error', error: {...expected, data: {}}};
}

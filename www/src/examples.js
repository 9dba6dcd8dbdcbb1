// The ready examples of each playground input. Plain data: the page lists them, the
// test picks each one and compares the page's panes with compute() run in Node.

/** Zod schema (as typed) and the arguments a model sent. */
export const VALIDATION_EXAMPLES = [
  {
    label: 'Wrong type and an unknown key',
    schema: "z.object({ amount: z.number(), currency: z.enum(['EUR', 'USD']) }).strict()",
    args: '{ "amount": "12", "note": "refund for order 66" }',
  },
  {
    label: 'Id that does not match a pattern',
    schema: 'z.object({ id: z.string().regex(/^INV-\\d+$/) })',
    args: '{ "id": 7 }',
  },
  {
    label: 'Missing and out-of-range fields',
    schema:
      'z.object({\n  email: z.email(),\n  name: z.string().min(1),\n  age: z.number().int().min(18).optional(),\n})',
    args: '{ "email": "someone@", "age": 12.5 }',
  },
  {
    label: 'Union of two shapes',
    schema:
      "z.object({\n  payment: z.union([\n    z.object({ kind: z.literal('card'), last4: z.string().length(4) }),\n    z.object({ kind: z.literal('iban'), iban: z.string() }),\n  ]),\n})",
    args: '{ "payment": { "kind": "card", "last4": "12" } }',
  },
  {
    label: 'Items of an array',
    schema: 'z.object({\n  items: z.array(z.object({ sku: z.string(), qty: z.number().int().positive() })).min(1),\n})',
    args: '{ "items": [{ "sku": "A1", "qty": 0 }, { "qty": "2" }] }',
  },
  {
    label: 'Fourteen issues (past the line cap)',
    schema: "z.object(Object.fromEntries(Array.from({ length: 14 }, (_, i) => ['field' + i, z.string()])))",
    args: '{}',
  },
  {
    label: 'Arguments that pass',
    schema: 'z.object({ query: z.string(), limit: z.number().int().max(100).default(20) })',
    args: '{ "query": "unpaid invoices" }',
  },
];

/**
 * Thrown values, described as JSON: `constructor` (Error, TypeError, RangeError,
 * SyntaxError, URIError, ReferenceError, EvalError, AggregateError, DOMException,
 * McpError, Object, or a primitive instead of an object), `name`, `message`, `code`,
 * `cause` (another description), `data`, `errors` (AggregateError) and
 * `throwingGetters` (properties whose read throws).
 */
export const THROWN_EXAMPLES = [
  {
    label: 'fetch failed, caused by ECONNREFUSED',
    thrown: {
      constructor: 'TypeError',
      message: 'fetch failed',
      cause: { constructor: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    },
  },
  {
    label: 'Upstream 429',
    thrown: { constructor: 'Error', message: 'Request failed with status code 429' },
  },
  {
    label: 'A password in the message',
    thrown: { constructor: 'Error', message: 'connect postgres://admin:hunter2@db/app failed' },
  },
  {
    label: 'McpError NotFound with data',
    thrown: {
      constructor: 'McpError',
      code: -32001,
      message: 'Invoice INV-9 does not exist.',
      data: { invoice: 'INV-9' },
    },
  },
  {
    label: 'McpError of a contract reason (pick the contract)',
    thrown: {
      constructor: 'McpError',
      code: -32002,
      message: 'The invoice is already paid.',
      data: { reason: 'paid' },
    },
  },
  {
    label: "The MCP SDK's request timeout",
    thrown: { constructor: 'Error', name: 'McpError', code: -32001, message: 'MCP error -32001: Request timed out' },
  },
  {
    label: 'AbortError (DOMException)',
    thrown: { constructor: 'DOMException', name: 'AbortError', message: 'The operation was aborted.' },
  },
  {
    label: 'JSON.parse SyntaxError',
    thrown: { constructor: 'SyntaxError', message: 'Unexpected token } in JSON at position 12' },
  },
  {
    label: 'A database deadlock (server category)',
    thrown: {
      constructor: 'McpError',
      code: -32010,
      message: 'deadlock detected on table users',
      data: { reason: 'db_busy' },
    },
  },
  {
    label: 'A message getter that throws',
    thrown: { constructor: 'Error', message: 'never read', throwingGetters: ['message'] },
  },
  {
    label: 'A thrown string',
    thrown: 'socket hang up',
  },
];

/** Error contracts for the thrown-error input (the JSON-RPC dialect reads them). */
export const CONTRACT_EXAMPLES = [
  { label: 'No contract', contract: '' },
  {
    label: 'Invoice tool contract',
    contract: [
      {
        reason: 'paid',
        code: -32002,
        when: 'The invoice is already paid.',
        recovery: 'Call get_invoice to see the payment.',
        retryable: false,
      },
      {
        reason: 'db_busy',
        code: -32010,
        when: 'The database is busy.',
        recovery: 'Retry in a few seconds.',
        retryable: true,
      },
    ],
  },
];

/**
 * toolError / builder options: `call` is toolError (the default), errorBuilder, error
 * or required; the other fields are that call's arguments.
 */
export const TOOL_ERROR_EXAMPLES = [
  {
    label: 'toolError: NOT_FOUND with actions',
    options: {
      call: 'toolError',
      code: 'NOT_FOUND',
      message: 'Invoice INV-9 does not exist.',
      suggestion: 'Call list_invoices to see valid ids.',
      availableActions: ['list_invoices'],
    },
  },
  {
    label: 'errorBuilder: RATE_LIMITED with details and retry',
    options: {
      call: 'errorBuilder',
      code: 'RATE_LIMITED',
      message: 'Too many exports.',
      suggestion: 'Wait, then retry.',
      details: { limit: 10, window: '1m' },
      retryAfter: 30,
    },
  },
  {
    label: 'A warning (isError false)',
    options: { call: 'toolError', code: 'DEPRECATED', message: 'Use export_v2.', severity: 'warning' },
  },
  {
    label: 'Secrets in the message',
    options: {
      call: 'toolError',
      code: 'UNAUTHORIZED',
      message: 'GET https://api.example.com/v1?token=abc123secret failed: Authorization: Bearer abc123def456',
      suggestion: 'Ask the user to sign in again.',
    },
  },
  {
    label: 'Characters XML must escape',
    options: {
      call: 'toolError',
      code: 'CONFLICT',
      message: 'Row <a href="x">1</a> & row 2 clash; ]]> is not the end',
      details: { 'key "quoted"': '<b>&</b>' },
    },
  },
  { label: 'error(message)', options: { call: 'error', message: 'Disk full' } },
  { label: 'required(field)', options: { call: 'required', field: 'email' } },
];

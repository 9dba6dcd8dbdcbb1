// Compiled by `tsc -p js-tests/types` against the built package's types: the XML
// dialect's public API as a TypeScript MCP server and client use it, and misuse.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import {
  enrichValidationError,
  error,
  ErrorBuilder,
  errorBuilder,
  formatDeltasAsXml,
  formatValidationError,
  groupUnknownAction,
  groupValidationError,
  internalError,
  McpEnvelopeClientError,
  parseToolError,
  required,
  routingError,
  throwIfToolError,
  TOOL_ERROR_CODES,
  toolError,
  type CanonicalToolErrorCode,
  type ContractDelta,
  type EnrichedValidationError,
  type ParsedToolError,
  type ToolErrorResponse,
  type ToolResponse,
  type ValidationErrorResponse,
  type ZodIssueLike,
  validationErrorResult,
} from '../../pkg/index.js';

// Closed, then open: canonical codes and custom ones.
const notFound: ToolErrorResponse = toolError('NOT_FOUND', {
  message: 'No invoice with that ID',
  suggestion: 'List invoices first',
  availableActions: ['billing.list_invoices'],
  details: { requestedId: 'inv_2026_9999', attempt: 2, cached: false, when: new Date(0) },
  retryAfter: 30,
  severity: 'warning',
});
const custom: ToolResponse = toolError('MY_OWN_CODE', { message: 'custom codes are allowed' });
const canonical: CanonicalToolErrorCode = TOOL_ERROR_CODES[0];
const isFlag: boolean = notFound.isError;
const first: string = notFound.content[0].text;

// Every response, and a builder, is an MCP CallToolResult.
const asResult: CallToolResult = notFound;
const builder: ErrorBuilder = errorBuilder('RATE_LIMITED', 'slow down')
  .suggest('wait')
  .actions('a', 'b')
  .details({ limit: 100 })
  .retryAfter(5)
  .critical();
const builderAsResult: CallToolResult = builder;
const built: ToolErrorResponse = new ErrorBuilder('DEPRECATED', 'use v2').warning().build();
function handler(): CallToolResult {
  return errorBuilder('NOT_FOUND', 'gone');
}

const plain: ToolErrorResponse = error('Something went wrong', 'CONFLICT');
const missing: ToolErrorResponse = required('workspace_id');
const routed: ToolErrorResponse = routingError('invalid', { discriminator: 'action', actions: ['list'], value: 42 });
const wrapped: ToolErrorResponse = internalError(new Error('boom'), { tool: 'billing', action: 'charge' });
const wrappedNoAction: ToolErrorResponse = internalError('anything', { tool: 'billing' });
const group: ToolErrorResponse = groupUnknownAction('g', 'zzz', ['a', 'b']);

const issues: ZodIssueLike[] = [{ code: 'invalid_type', path: ['name', 0], message: 'Expected string' }];
const groupBad: ToolErrorResponse = groupValidationError('g', 'op', issues);
const xml: string = formatValidationError(issues, 'users/create', { name: 1 });
const asResponse: ValidationErrorResponse = validationErrorResult(issues, 'users/create', { name: 1 });
const alwaysError: true = asResponse.isError;

// Issues as the libraries raise them, extra fields and all: Zod 4, Zod 3 and a
// Standard Schema validator's (here Zod 4's own `~standard` interface).
const Input = z.object({ name: z.string(), age: z.number().min(18) });
const zod4 = Input.safeParse({ name: 1 });
if (!zod4.success) {
  formatValidationError(zod4.error.issues, 'users/create', { name: 1 });
  validationErrorResult(zod4.error.issues, 'users/create', { name: 1 });
  groupValidationError('g', 'op', zod4.error.issues);
}
const zod3 = z3.object({ name: z3.string() }).safeParse({});
if (!zod3.success) validationErrorResult(zod3.error.issues, 'users/create', {});
type StandardResult = Awaited<ReturnType<(typeof Input)['~standard']['validate']>>;
type StandardIssue = NonNullable<StandardResult['issues']>[number];
declare const standardIssues: readonly StandardIssue[];
validationErrorResult(standardIssues, 'users/create', {});
// A Standard Schema path may hold `{ key }` segments; inline issues may carry any field.
validationErrorResult([{ message: 'Too short', path: [{ key: 'name' }, 0] }], 'users/create', {});
formatValidationError(
  [{ code: 'too_small', path: ['age'], message: 'Too small', minimum: 18, origin: 'number', inclusive: true }],
  'u/c',
  {},
);
const delta: ContractDelta = {
  category: 'surface.action',
  field: 'actions.list.schema',
  severity: 'BREAKING',
  description: 'd',
  before: null,
  after: 'x',
};
const enriched: EnrichedValidationError = enrichValidationError(xml, 'users', 'list', {
  activeDeltas: new Map([['users', { deltas: [delta] }]]),
  includeAllSeverities: true,
  maxDeltasPerError: 3,
});
const changes: string = formatDeltasAsXml([delta]);

// Client side.
const parsed: ParsedToolError<CallToolResult> | null = parseToolError(asResult);
if (parsed) {
  const code: string | number | null = parsed.code;
  const recovery: string | null = parsed.recovery;
  const raw: CallToolResult = parsed.raw;
  const e = new McpEnvelopeClientError(parsed);
  const name: 'McpEnvelopeClientError' = e.name;
  void [code, recovery, raw, name];
}
const same: CallToolResult = throwIfToolError(asResult);
const maybe: McpEnvelopeClientError | null = McpEnvelopeClientError.fromResult(builder);

// @ts-expect-error the code must be a string
toolError(404, { message: 'x' });
// @ts-expect-error a message is required
toolError('NOT_FOUND', { suggestion: 'x' });
// @ts-expect-error severities are error, critical or warning
toolError('X', { message: 'm', severity: 'fatal' });
// @ts-expect-error detail values are flat
toolError('X', { message: 'm', details: { nested: { a: 1 } } });
// @ts-expect-error retryAfter is a number of seconds
errorBuilder('X', 'm').retryAfter('30s');
// @ts-expect-error routing kinds are missing, invalid or unknown
routingError('absent', { discriminator: 'action', actions: [] });
// @ts-expect-error internalError needs the tool's name
internalError(new Error('x'), {});
// @ts-expect-error activeDeltas is a Map of tool name to its diff
enrichValidationError(xml, 'users', 'list', { activeDeltas: { users: { deltas: [delta] } } });
// @ts-expect-error a builder's content is read-only
builder.content = notFound.content;
// @ts-expect-error TOOL_ERROR_CODES is read-only
TOOL_ERROR_CODES.push('X');
// @ts-expect-error a misspelt builder method is an error, not an unknown member
builder.sugest('wait');
// @ts-expect-error issues are objects, not strings
validationErrorResult(['Invalid input'], 'users/create', {});
// @ts-expect-error an issue's message is a string
formatValidationError([{ code: 'custom', path: [], message: 42 }], 'a', {});
// @ts-expect-error a path segment is a key or { key }
formatValidationError([{ code: 'custom', path: [{ name: 'a' }], message: 'm' }], 'a', {});

void [
  alwaysError,
  custom,
  canonical,
  isFlag,
  first,
  builderAsResult,
  built,
  handler,
  plain,
  missing,
  routed,
  wrapped,
  wrappedNoAction,
  group,
  groupBad,
  enriched,
  changes,
  same,
  maybe,
];

// parseToolError's <details> and <retry_after>, both optional.
if (parsed !== null) {
  const details: Record<string, string> | undefined = parsed.details;
  const retryAfter: number | undefined = parsed.retryAfter;
  void details;
  void retryAfter;
}

// Plain text and the JSON-RPC text form: code may be null, dialect 'text', and the
// JSON-RPC terms are optional.
if (parsed !== null) {
  const code: string | number | null = parsed.code;
  const dialect: 'xml' | 'jsonrpc' | 'text' = parsed.dialect;
  const reason: string | undefined = parsed.reason;
  const retryable: boolean | undefined = parsed.retryable;
  const requestId: string | undefined = parsed.requestId;
  // @ts-expect-error code may be null
  const notNull: string | number = parsed.code;
  void [code, dialect, reason, retryable, requestId, notNull];
}

// Compiled by `tsc -p js-tests/types` against the built package's types: the JSON-RPC
// dialect as a TypeScript MCP server writes it must check, and misuse must not.
import { z } from 'zod';
import * as z3 from 'zod/v3';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  errorResult,
  fail,
  formatValidation,
  JsonRpcErrorCode,
  type McpError,
  notFound,
  recoveryFor,
  type CallToolResult,
  type ErrorContractEntry,
  type ErrorResultOptions,
  type FormatValidationOptions,
  type InvalidArgumentsError,
  type JsonSchema,
  type PreValidationInput,
  type RecoveryFor,
  type ToolErrorResult,
  type ZodIssueLike,
} from '../../pkg/index.js';

// --- formatValidation: Zod 4 and Zod 3 issues, the tool's JSON Schema ---------------
const Input = z.object({ query: z.string(), limit: z.number().int().optional() }).strict();
const parsed = Input.safeParse({ query: 1 });
if (!parsed.success) {
  const schema: JsonSchema = z.toJSONSchema(Input);
  const rejection: InvalidArgumentsError = formatValidation(parsed.error.issues, {
    tool: 'search',
    args: { query: 1 },
    schema,
  });
  const asMcp: McpError = rejection;
  const invalidParams: JsonRpcErrorCode.InvalidParams = rejection.code;
  const hint: string = rejection.data.recovery.hint;
  const reason: 'invalid_arguments' = rejection.data.reason;
  const count: number | undefined = rejection.data.issuesCount;
  void [asMcp, invalidParams, hint, reason, count];
}
const parsed3 = z3.object({ a: z3.string() }).strict().safeParse({ a: 1, b: 2 });
if (!parsed3.success) {
  const fromZod3 = formatValidation(parsed3.error.issues, { tool: 't', args: { a: 1, b: 2 } });
  void fromZod3;
}
const handWritten: ZodIssueLike[] = [{ code: 'custom', path: ['a', 0], message: 'm' }];
// Issues with the fields their code carries, written inline.
formatValidation(
  [{ code: 'invalid_type', path: ['limit'], message: 'Expected number', expected: 'number', received: 'string' }],
  { tool: 't', args: {} },
);
const input: PreValidationInput = {
  aliased: [{ alias: 'q', target: 'query' }],
  ignored: ['_x'],
  collisions: [{ target: 'pageSize', keys: ['maxResults', 'limit'] }],
};
const options: FormatValidationOptions = { tool: 't', args: undefined, input };
formatValidation(handWritten, options);
formatValidation(Object.freeze(handWritten), { tool: 't', args: null, schema: true });
// The inputSchema an MCP SDK Tool publishes is a JsonSchema as it is.
declare const tool: Tool;
formatValidation([], { tool: tool.name, args: {}, schema: tool.inputSchema });

// @ts-expect-error issues are objects with a code, a path and a message
formatValidation(['Invalid input'], { tool: 't', args: {} });
// @ts-expect-error the tool name is required
formatValidation([], { args: {} });
// @ts-expect-error `tool` is a string
formatValidation([], { tool: 1, args: {} });
// @ts-expect-error a schema is a JSON Schema object or a boolean, not a Zod schema's name
formatValidation([], { tool: 't', args: {}, schema: 'object' });
// @ts-expect-error pre-validation input names aliases as { alias, target }
formatValidation([], { tool: 't', args: {}, input: { aliased: ['q'], ignored: [] } });
// @ts-expect-error the rejection's reason is invalid_arguments, nothing else
const wrongReason: 'no_match' = formatValidation([], { tool: 't', args: {} }).data.reason;

// --- error contracts: fail and recoveryFor accept only declared reasons --------------
const errors = [
  {
    reason: 'no_match',
    code: JsonRpcErrorCode.NotFound,
    when: 'No requested PMID returned data',
    recovery: 'Try pubmed_search_articles to discover valid PMIDs first.',
  },
  {
    reason: 'queue_full',
    code: JsonRpcErrorCode.RateLimited,
    when: 'Local request queue is at capacity',
    retryable: true,
    severity: 'notice',
    recovery: 'Wait 30 seconds and retry, or reduce batch size.',
  },
] as const satisfies readonly ErrorContractEntry[];

const declared: McpError = fail(errors, 'no_match', 'None of 3 PMIDs returned data');
fail(errors, 'queue_full');
fail(errors, 'no_match', 'No item 7', { recovery: { hint: 'No item 7; try IDs 1-100 instead.' } });
fail(errors, 'no_match', undefined, { ...recoveryFor(errors, 'queue_full') });
// Inline contracts infer their reasons too.
fail(
  [
    {
      reason: 'empty_expression',
      code: JsonRpcErrorCode.ValidationError,
      when: 'Expression is empty.',
      recovery: 'Provide a non-empty expression to evaluate.',
    },
  ],
  'empty_expression',
);
const spread: RecoveryFor = recoveryFor(errors, 'no_match');
const data: Record<string, unknown> = { id: 7, ...recoveryFor(errors, 'queue_full') };

// @ts-expect-error 'typo' isn't in the contract
fail(errors, 'typo');
// @ts-expect-error an inline contract's reasons are literal as well
fail([{ reason: 'a', code: JsonRpcErrorCode.NotFound, when: 'w', recovery: 'r' }], 'b');
// @ts-expect-error recoveryFor takes declared reasons only
recoveryFor(errors, 'nope');
// @ts-expect-error a contract entry's code is a JsonRpcErrorCode
fail([{ reason: 'a', code: 404, when: 'w', recovery: 'r' }], 'a');
// @ts-expect-error severity is a level below error
fail([{ reason: 'a', code: JsonRpcErrorCode.NotFound, when: 'w', recovery: 'r', severity: 'error' }], 'a');
// @ts-expect-error an entry needs its recovery
fail([{ reason: 'a', code: JsonRpcErrorCode.NotFound, when: 'w' }], 'a');
// @ts-expect-error the message is a string
fail(errors, 'no_match', 42);
// @ts-expect-error data is an object of fields
fail(errors, 'no_match', 'm', 'data');

// --- errorResult --------------------------------------------------------------------
const result: ToolErrorResult = errorResult(notFound('Item not found', { id: '123' }));
const same: CallToolResult = errorResult(new Error('boom'), { requestId: false });
const isError: true = result.isError;
const text: string = result.content[0].text;
const textType: 'text' = result.content[0].type;
const code: JsonRpcErrorCode = result.structuredContent.error.code;
const message: string = result.structuredContent.error.message;
const wireData: Record<string, unknown> | undefined = result.structuredContent.error.data;
const opts: ErrorResultOptions = { requestId: 'ABCDE-12345', contract: errors, aborted: false };
errorResult(fail(errors, 'no_match'), opts);
errorResult(Symbol('anything can be thrown'));
errorResult(undefined, { contract: [] });

// @ts-expect-error requestId is a string, a number or false
errorResult(new Error('x'), { requestId: true });
errorResult(new Error('x'), { requestId: 42 });
// @ts-expect-error aborted is a boolean
errorResult(new Error('x'), { aborted: 'yes' });
// @ts-expect-error a contract is a list of entries
errorResult(new Error('x'), { contract: { no_match: 'Try again.' } });
// @ts-expect-error the result is always an error
const notError: false = errorResult(new Error('x')).isError;
// @ts-expect-error there is exactly one content block
const second = errorResult(new Error('x')).content[1];

void [declared, spread, data, same, isError, text, textType, code, message, wireData, wrongReason, notError, second];

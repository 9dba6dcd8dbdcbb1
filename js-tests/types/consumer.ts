// Compiled by `tsc -p js-tests/types` against the built package's types: what a
// TypeScript MCP server writes must check, and misuse must not.
import {
  classify,
  httpStatusToErrorCode,
  init,
  JsonRpcErrorCode,
  McpError,
  notFound,
  requestId,
  type Classification,
  type ErrorCategory,
  type JsonRpcErrorCodeName,
} from '../../pkg/index.js';

const c: Classification = classify(new Error('boom'), { aborted: false });
const code: JsonRpcErrorCode = c.code;
const name: JsonRpcErrorCodeName = c.name;
const category: ErrorCategory = c.category;
const status: JsonRpcErrorCode | undefined = httpStatusToErrorCode(503);
const id: string = requestId();
const e: McpError = notFound('Item not found', { id: '123' }, { cause: new Error('db') });
const direct = new McpError(JsonRpcErrorCode.RequestCancelled, 'gone');
const ready: Promise<void> = init();
if (McpError.isMcpError(e as unknown)) {
  const narrowed: JsonRpcErrorCode = e.code;
  void narrowed;
}

// @ts-expect-error an McpError code must be a JsonRpcErrorCode, not a string
new McpError('NotFound', 'x');
// @ts-expect-error classify options take a boolean `aborted`
classify(new Error('x'), { aborted: 'yes' });
// @ts-expect-error the category is one of three strings
const wrongCategory: 'database' = c.category;
// @ts-expect-error httpStatusToErrorCode can return undefined
const notOptional: JsonRpcErrorCode = httpStatusToErrorCode(200);
// @ts-expect-error factories take a message first
notFound({ id: 1 });

void [code, name, category, status, id, direct, ready, wrongCategory, notOptional];

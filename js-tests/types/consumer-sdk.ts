// Compiled by `tsc -p js-tests/types` (moduleResolution nodenext) and `tsc -p
// js-tests/types/tsconfig.bundler.json` (bundler) against the built package's types:
// every result the package returns is the official SDK's CallToolResult as is, in SDK
// 1.x (`@modelcontextprotocol/sdk`) and 2.x (`@modelcontextprotocol/server`), and
// parseToolError takes what `client.callTool()` returns in both, with no cast.
import type { CallToolResult as CallToolResultV1, RequestId as RequestIdV1 } from '@modelcontextprotocol/sdk/types.js';
import type { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult as CallToolResultV2, RequestId as RequestIdV2 } from '@modelcontextprotocol/server';
import type { Client as ClientV2 } from '@modelcontextprotocol/client';
import {
  errorBuilder,
  ErrorBuilder,
  errorResult,
  error,
  internalError,
  McpEnvelopeClientError,
  notFound,
  parseToolError,
  required,
  routingError,
  throwIfToolError,
  toolError,
  validationErrorResult,
  type ParsedToolError,
  type ParsedValidationField,
  type ToolErrorResponse,
  type ToolErrorResult,
  type ToolResponse,
  type ValidationErrorResponse,
} from '../../pkg/index.js';

const issues = [
  { code: 'invalid_type', path: ['age'], message: 'Expected number, received string', expected: 'number' },
];

// --- every result is SDK 1.x's CallToolResult ---------------------------------------
const xmlResponse: ToolResponse = toolError('NOT_FOUND', { message: 'gone' });
const xmlError: ToolErrorResponse = error('boom');
const validation: ValidationErrorResponse = validationErrorResult(issues, 'users/create', { age: 'x' });
const jsonRpc: ToolErrorResult = errorResult(notFound('gone'), { requestId: 7 });
const builder: ErrorBuilder = errorBuilder('RATE_LIMITED', 'slow down').suggest('wait').retryAfter(5);

const v1: CallToolResultV1[] = [
  xmlResponse,
  xmlError,
  validation,
  jsonRpc,
  builder,
  builder.build(),
  new ErrorBuilder('X', 'm'),
  required('id'),
  routingError('missing', { discriminator: 'action', actions: ['list'] }),
  internalError(new Error('x'), { tool: 't' }),
  errorResult(new Error('x'), { requestId: 'ABCDE-12345' }),
  errorResult(new Error('x'), { requestId: false }),
];

// --- and SDK 2.x's ------------------------------------------------------------------
const v2: CallToolResultV2[] = [
  xmlResponse,
  xmlError,
  validation,
  jsonRpc,
  builder,
  builder.build(),
  new ErrorBuilder('X', 'm'),
  required('id'),
  routingError('unknown', { discriminator: 'action', actions: ['list'], value: 'lst' }),
  internalError('thrown', { tool: 't', action: 'a' }),
];

// A handler typed by either SDK returns them directly.
function handlerV1(): CallToolResultV1 {
  return validationErrorResult(issues, 't/a', {});
}
async function handlerV2(): Promise<CallToolResultV2> {
  return errorBuilder('NOT_FOUND', 'gone');
}

// The SDK's request id (`string | number`, as `extra.requestId` gives it) is
// errorResult's requestId as is.
declare const idV1: RequestIdV1;
declare const idV2: RequestIdV2;
errorResult(new Error('x'), { requestId: idV1 });
errorResult(new Error('x'), { requestId: idV2 });

// --- parseToolError on what client.callTool() returns --------------------------------
declare const clientV1: ClientV1;
declare const clientV2: ClientV2;

async function readBack(): Promise<void> {
  const fromV1 = await clientV1.callTool({ name: 'users', arguments: { action: 'create' } });
  const parsedV1 = parseToolError(fromV1);
  if (parsedV1 !== null) {
    const raw: typeof fromV1 = parsedV1.raw;
    const fields: ParsedValidationField[] | undefined = parsedV1.fields;
    const action: string | undefined = parsedV1.action;
    const more: number | undefined = parsedV1.moreIssues;
    void [raw, fields, action, more];
  }
  const same: typeof fromV1 = throwIfToolError(fromV1);
  const errV1: McpEnvelopeClientError | null = McpEnvelopeClientError.fromResult(fromV1);

  const fromV2 = await clientV2.callTool({ name: 'users', arguments: {} });
  const parsedV2: ParsedToolError<typeof fromV2> | null = parsedV2Of(fromV2);
  if (parsedV2?.fields) {
    for (const field of parsedV2.fields) {
      const name: string = field.name;
      const message: string = field.message;
      void [name, message];
    }
  }
  const errV2 = McpEnvelopeClientError.fromResult(fromV2);
  const fieldsOnError: readonly ParsedValidationField[] | undefined = errV2?.fields;
  throwIfToolError(fromV2);
  void [same, errV1, fieldsOnError];
}
function parsedV2Of(result: Awaited<ReturnType<ClientV2['callTool']>>) {
  return parseToolError(result);
}

// --- misuse -------------------------------------------------------------------------
// @ts-expect-error a misspelt builder method is an error
errorBuilder('X', 'm').sugest('wait');
// @ts-expect-error a misspelt builder property too
const typo: unknown = builder.isEror;
// @ts-expect-error a validation result is always an error
const notError: false = validation.isError;
// @ts-expect-error requestId is a string, a number or false
errorResult(new Error('x'), { requestId: true });
// @ts-expect-error parseToolError takes a result object
parseToolError('<tool_error/>');
// @ts-expect-error a result's content is a list of blocks
parseToolError({ content: 'text', isError: true });
// @ts-expect-error validationErrorResult needs the action key
validationErrorResult(issues);
// @ts-expect-error the parsed fields are read-only on the error
errV.fields = [];
declare const errV: McpEnvelopeClientError;

void [v1, v2, handlerV1, handlerV2, readBack, typo, notError];

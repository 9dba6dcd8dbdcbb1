// Compiled by `tsc -p js-tests/types`: the redaction options and logRecord as a server
// writes them must check, and misuse must not.
import {
  errorBuilder,
  errorResult,
  internalError,
  JsonRpcErrorCode,
  logRecord,
  toolError,
  tryCatch,
  McpError,
  type LogCauseNode,
  type LogRecord,
  type LogRecordData,
  type LogRecordLevel,
  type TryCatchOptions,
} from '../../pkg/index.js';

const contract = [
  { reason: 'declined', code: JsonRpcErrorCode.Forbidden, when: 'Declined', recovery: 'Ask.', severity: 'notice' },
] as const;

errorResult(new Error('x'), { redactSecrets: false, maskServerErrors: true, contract });
internalError(new Error('x'), { tool: 't', action: 'a', redactSecrets: true, maskServerErrors: true });
toolError('NOT_FOUND', { message: 'm', redactSecrets: false });
errorBuilder('NOT_FOUND', 'm').redactSecrets(false).suggest('s').build();

const record: LogRecord = logRecord(new Error('x'), { tool: 't', contract, aborted: false, phase: 'handler' });
const level: LogRecordLevel = record.level;
const message: string = record.message;
const reason: string | undefined = record.reason;
const log: string = record.log;
const data: LogRecordData = record.data;
const originalName: string = record.data.originalErrorName;
const stack: string | undefined = record.stack;
const chain: LogCauseNode[] | undefined = record.causeChain;
const root: { name: string; message: string } | undefined = record.rootCause;
const raw: LogRecord = logRecord(new Error('x'), { tool: 't', raw: true });
void [level, message, reason, log, data, originalName, stack, chain?.[0]?.depth, root, raw];

// tryCatch resolves to what the function returns, sync or async.
const options: TryCatchOptions = {
  operation: 'Prices.fetch',
  errorCode: JsonRpcErrorCode.ServiceUnavailable,
  errorMapper: (caught) => new McpError(JsonRpcErrorCode.InternalError, String(caught)),
  onError: (r: LogRecord) => r.log,
};
const count: Promise<number> = tryCatch(() => 1, options);
const text: Promise<string> = tryCatch(async () => 'x', { operation: 'op' });
void [count, text];
// @ts-expect-error: operation is required
void tryCatch(() => 1, {});
// @ts-expect-error: errorCode is a JsonRpcErrorCode
void tryCatch(() => 1, { operation: 'op', errorCode: 7 });
// @ts-expect-error: the result is the function's
const wrongResult: Promise<string> = tryCatch(() => 1, { operation: 'op' });
void wrongResult;

// @ts-expect-error: tool is required
logRecord(new Error('x'), {});
// @ts-expect-error: redactSecrets is a boolean
errorResult(new Error('x'), { redactSecrets: 'no' });
// @ts-expect-error: maskServerErrors is a boolean
internalError(new Error('x'), { tool: 't', maskServerErrors: 1 });
// @ts-expect-error: the level is a log level, not any string
const wrong: 'fatal' = record.level;
void wrong;

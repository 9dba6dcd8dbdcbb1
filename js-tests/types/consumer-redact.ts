// Compiled by `tsc -p js-tests/types`: the redaction options and logRecord as a server
// writes them must check, and misuse must not.
import {
  errorBuilder,
  errorResult,
  internalError,
  JsonRpcErrorCode,
  logRecord,
  toolError,
  type LogRecord,
  type LogRecordLevel,
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
void [level, message, reason];

// @ts-expect-error: tool is required
logRecord(new Error('x'), {});
// @ts-expect-error: redactSecrets is a boolean
errorResult(new Error('x'), { redactSecrets: 'no' });
// @ts-expect-error: maskServerErrors is a boolean
internalError(new Error('x'), { tool: 't', maskServerErrors: 1 });
// @ts-expect-error: the level is a log level, not any string
const wrong: 'fatal' = record.level;
void wrong;

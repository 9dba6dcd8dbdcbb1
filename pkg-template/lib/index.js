// The public API, shared by every entry (node, browser, workerd).
export { JsonRpcErrorCode } from './codes.js';
export {
  McpError,
  configurationError,
  conflict,
  forbidden,
  invalidParams,
  invalidRequest,
  notFound,
  rateLimited,
  serviceUnavailable,
  timeout,
  unauthorized,
  validationError,
} from './mcp-error.js';
export { classify, httpStatusToErrorCode, requestId } from './classify.js';
export {
  ErrorBuilder,
  enrichValidationError,
  error,
  errorBuilder,
  formatDeltasAsXml,
  formatValidationError,
  groupUnknownAction,
  groupValidationError,
  internalError,
  required,
  routingError,
  TOOL_ERROR_CODES,
  toolError,
  validationErrorResult,
} from './xml.js';
export * from './client.js';
export { errorResult, fail, formatValidation, recoveryFor } from './jsonrpc.js';
export { logRecord } from './log.js';
export { tryCatch } from './try-catch.js';
export { httpErrorFromResponse } from './upstream.js';
export { checkContract } from './contract-lint.js';
export { capabilityMissing } from './capability.js';
export { prevalidate } from './prevalidate.js';
export { jsonSchemaInput, registerTool } from './register.js';

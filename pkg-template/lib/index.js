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
export * from './xml.js';
export * from './client.js';
export { errorResult, fail, formatValidation, recoveryFor } from './jsonrpc.js';
export { logRecord } from './log.js';
export { registerTool } from './register.js';

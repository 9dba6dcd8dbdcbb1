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

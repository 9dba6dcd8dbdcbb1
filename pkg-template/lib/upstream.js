// httpErrorFromResponse: the McpError for an upstream HTTP response that failed. The
// response is read once, each field inside try/catch: its status, status text and URL,
// the headers asked for (through its own `headers.get`), and at most the first
// `bodyLimit` + UPSTREAM_BODY_SLACK bytes of its body through the body's reader, the
// rest cancelled, never read; a body that cannot be read is left out. The code, the
// message and every field of `data` (which headers pass, the URL scrubbed, the
// Retry-After checked, the body cut) are the core's.

import * as abi from './abi.js';
import {
  UPSTREAM_BODY_LIMIT,
  UPSTREAM_BODY_LIMIT_MAX,
  UPSTREAM_BODY_SLACK,
  UPSTREAM_HEADER_NAMES,
  UPSTREAM_TEXT_UNITS,
} from './constants.js';
import { givenSkeleton, readGivenData, readOptions, withGiven } from './jsonrpc.js';
import { McpError } from './mcp-error.js';
import { argumentError, listLength, READ_THREW, readOnce, unreadableError } from './read.js';

const FN = 'httpErrorFromResponse';
/** Ends the read of a body whose chunk is no bytes. */
const NOT_BYTES = Symbol('not bytes');

/**
 * @param {unknown} value
 * @param {string} name
 */
function requireBoolean(value, name) {
  if (value !== undefined && typeof value !== 'boolean') throw argumentError(FN, `options.${name}`, 'a boolean', value);
}

/**
 * The names `errorHeaders` lists, each read once and checked.
 * @param {unknown} list
 * @returns {string[]}
 */
function headerNames(list) {
  if (list === undefined) return [];
  let isList;
  try {
    isList = Array.isArray(list);
  } catch {
    isList = false;
  }
  if (!isList) throw argumentError(FN, 'options.errorHeaders', 'an array of header names', list);
  const length = listLength(list);
  if (length === undefined) throw unreadableError(FN, 'options.errorHeaders');
  if (length > UPSTREAM_HEADER_NAMES) {
    throw argumentError(FN, 'options.errorHeaders', `an array of at most ${UPSTREAM_HEADER_NAMES} header names`, list);
  }
  const names = [];
  for (let i = 0; i < length; i++) {
    const name = readOnce(list, i);
    if (name === READ_THREW) throw unreadableError(FN, `options.errorHeaders[${i}]`);
    if (typeof name !== 'string') throw argumentError(FN, `options.errorHeaders[${i}]`, 'a string', name);
    names.push(name);
  }
  return names;
}

/**
 * The options, each read once and checked.
 * @param {unknown} options
 */
function upstreamOptions(options) {
  const read =
    options === undefined
      ? {}
      : readOptions(options, FN, ['service', 'data', 'captureBody', 'bodyLimit', 'includeUrl', 'errorHeaders']);
  const { service, data, captureBody, bodyLimit, includeUrl, errorHeaders } = read;
  if (service !== undefined && (typeof service !== 'string' || service === '')) {
    throw argumentError(FN, 'options.service', 'a non-empty string', service);
  }
  requireBoolean(captureBody, 'captureBody');
  requireBoolean(includeUrl, 'includeUrl');
  if (bodyLimit !== undefined && !(Number.isSafeInteger(bodyLimit) && bodyLimit >= 0)) {
    throw argumentError(FN, 'options.bodyLimit', 'a non-negative integer', bodyLimit);
  }
  return {
    /** @type {string | undefined} */
    service,
    given: readGivenData(data, FN, 'options.data'),
    /** @type {number | undefined} */
    bodyLimit,
    /** Bytes of body to keep: none when the body is not to be captured. */
    limit: captureBody === false ? 0 : Math.min(bodyLimit ?? UPSTREAM_BODY_LIMIT, UPSTREAM_BODY_LIMIT_MAX),
    includeUrl: includeUrl === true,
    names: headerNames(errorHeaders),
  };
}

/**
 * A string field of the response, at most UPSTREAM_TEXT_UNITS units; '' otherwise.
 * @param {unknown} value
 */
function text(value) {
  return typeof value === 'string' ? value.slice(0, UPSTREAM_TEXT_UNITS) : '';
}

/**
 * The response's `headers.get`, bound, answering a string or null and never throwing.
 * @param {unknown} headers
 * @returns {(name: string) => string | null}
 */
function headerReader(headers) {
  const get = headers !== null && typeof headers === 'object' ? readOnce(headers, 'get') : undefined;
  if (typeof get !== 'function') return () => null;
  return (name) => {
    try {
      const value = get.call(headers, name);
      return typeof value === 'string' ? text(value) : null;
    } catch {
      return null;
    }
  };
}

/**
 * Cancels the rest of a body; what the stream does with that is its own affair.
 * @param {any} reader
 */
function cancel(reader) {
  try {
    const settled = reader.cancel();
    if (settled !== null && typeof settled === 'object' && typeof settled.then === 'function') {
      settled.then(undefined, () => {});
    }
  } catch {
    // A stream that refuses to be cancelled leaves the capture as it is.
  }
}

/**
 * The body's first `limit` + UPSTREAM_BODY_SLACK bytes, decoded (a trailing partial
 * character left out, a byte order mark kept: the core drops it), and whether the body
 * went on past `limit` bytes. Reads until it is past them, then cancels the rest. A
 * null body is an empty one; `undefined` when the body cannot be read (no reader, used,
 * locked, errored, a chunk that is no bytes).
 * @param {unknown} body
 * @param {number} limit
 * @returns {Promise<{ text: string, more: boolean } | undefined>}
 */
async function readBody(body, limit) {
  if (body === null || body === undefined) return { text: '', more: false };
  if (typeof body !== 'object') return undefined;
  /** @type {any} */
  let reader;
  try {
    reader = /** @type {any} */ (body).getReader();
  } catch {
    return undefined;
  }
  const keep = limit + UPSTREAM_BODY_SLACK;
  const bytes = new Uint8Array(keep);
  let filled = 0;
  let total = 0;
  let done = false;
  try {
    while (total <= limit) {
      const step = await reader.read();
      if (step.done) {
        done = true;
        break;
      }
      const value = step.value;
      if (!ArrayBuffer.isView(value)) throw NOT_BYTES;
      const chunk = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      const take = Math.min(chunk.byteLength, keep - filled);
      bytes.set(chunk.subarray(0, take), filled);
      filled += take;
      total += chunk.byteLength;
    }
  } catch {
    cancel(reader);
    return undefined;
  }
  if (!done) cancel(reader);
  const decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, filled), { stream: true });
  return { text: decoded, more: total > limit };
}

/**
 * The McpError for an upstream `Response` that failed (WHATWG's, undici's, or any
 * object of that shape): throw it.
 * @param {unknown} response
 * @param {unknown} [options]
 * @returns {Promise<McpError>}
 */
export async function httpErrorFromResponse(response, options) {
  // The caller's frames, before the body is awaited: the stack starts at its line.
  /** @type {{ stack?: string }} */
  const site = {};
  if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(site, httpErrorFromResponse);
  if (response === null || typeof response !== 'object') throw argumentError(FN, 'response', 'a Response', response);
  const settings = upstreamOptions(options);
  const status = readOnce(response, 'status');
  if (status === READ_THREW) throw unreadableError(FN, 'response.status');
  if (typeof status !== 'number') throw argumentError(FN, 'response.status', 'a number', status);
  const statusText = text(readOnce(response, 'statusText'));
  const url = text(readOnce(response, 'url'));
  const header = headerReader(readOnce(response, 'headers'));
  const retryAfter = header('retry-after') ?? undefined;
  const asked = settings.names.map((name) => [name, header(name)]);
  const body = settings.limit > 0 ? await readBody(readOnce(response, 'body'), settings.limit) : undefined;
  const parts = abi.httpErrorFromResponse({
    status,
    statusText,
    url,
    retryAfter,
    headers: asked.length > 0 ? JSON.stringify(asked) : undefined,
    body: body?.text,
    bodyMore: body?.more === true,
    service: settings.service === undefined ? undefined : text(settings.service),
    includeUrl: settings.includeUrl,
    bodyLimit: settings.limit,
    data: givenSkeleton(settings.given),
  });
  const error = new McpError(parts.code, parts.message, withGiven(parts.data, settings.given));
  const frames = typeof site.stack === 'string' ? site.stack.indexOf('\n') : -1;
  if (frames !== -1) error.stack = `${error.name}: ${error.message}${site.stack?.slice(frames)}`;
  return error;
}

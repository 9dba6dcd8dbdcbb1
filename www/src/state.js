// The playground's inputs as one plain object, and its round trip through the URL
// fragment (`#s=` + base64url of the UTF-8 JSON), so a link restores the exact inputs.
// The fragment never reaches a server.
import { CONTRACT_EXAMPLES, THROWN_EXAMPLES, TOOL_ERROR_EXAMPLES, VALIDATION_EXAMPLES } from './examples.js';

export const DIALECTS = ['jsonrpc', 'xml'];
export const MODES = ['validation', 'thrown', 'tool-error'];

/** An example's value as the text its input shows. */
export const asText = (value) => (typeof value === 'string' && value === '' ? '' : JSON.stringify(value, null, 2));

export const DEFAULT_STATE = Object.freeze({
  dialect: 'jsonrpc',
  mode: 'validation',
  tool: 'refund',
  requestId: 'REQ01-00001',
  redactSecrets: true,
  maskServerErrors: false,
  aborted: false,
  schema: VALIDATION_EXAMPLES[0].schema,
  args: VALIDATION_EXAMPLES[0].args,
  thrown: asText(THROWN_EXAMPLES[0].thrown),
  contract: asText(CONTRACT_EXAMPLES[0].contract),
  toolErrorOptions: asText(TOOL_ERROR_EXAMPLES[0].options),
});

const STRING_FIELDS = ['tool', 'requestId', 'schema', 'args', 'thrown', 'contract', 'toolErrorOptions'];
const BOOLEAN_FIELDS = ['redactSecrets', 'maskServerErrors', 'aborted'];

/** A state from anything: unknown fields dropped, wrong types replaced by the defaults. */
export function normalizeState(value) {
  const state = { ...DEFAULT_STATE };
  if (typeof value !== 'object' || value === null) return state;
  if (DIALECTS.includes(value.dialect)) state.dialect = value.dialect;
  if (MODES.includes(value.mode)) state.mode = value.mode;
  for (const key of STRING_FIELDS) if (typeof value[key] === 'string') state[key] = value[key];
  for (const key of BOOLEAN_FIELDS) if (typeof value[key] === 'boolean') state[key] = value[key];
  return state;
}

function toBase64Url(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `s=…`, the fragment (without `#`) that restores `state`. */
export function encodeState(state) {
  return `s=${toBase64Url(new TextEncoder().encode(JSON.stringify(normalizeState(state))))}`;
}

/** The state a fragment (with or without `#`) restores; the defaults when it holds none or is damaged. */
export function decodeState(fragment) {
  const match = /(?:^|[#&])s=([A-Za-z0-9_-]+)/.exec(fragment ?? '');
  if (!match) return { ...DEFAULT_STATE };
  try {
    return normalizeState(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(match[1]))));
  } catch {
    return { ...DEFAULT_STATE };
  }
}

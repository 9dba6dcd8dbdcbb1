// capabilityMissing: seed 002's `client_capability_missing` refusal, for a handler whose
// client did not declare a capability the call needs. The code, reason and sentences
// are the core's (src/jsonrpc/capability.rs); this layer checks the arguments and
// builds the McpError.

import * as abi from './abi.js';
import { COPY_LIMITS, cutText } from './copy.js';
import { readOptions } from './jsonrpc.js';
import { McpError } from './mcp-error.js';
import { argumentError } from './read.js';
import { builtUnrecorded } from './stack.js';

const NAME = "a capability name (dot-separated letters, digits, '_' or '-', such as 'elicitation.form')";

/**
 * The McpError a handler throws when the client lacks `capability`: InvalidRequest,
 * `data.reason: 'client_capability_missing'`, and a `data.recovery.hint` that says to
 * reconnect with a client that declares it, then `fallbackHint` when given.
 * @param {unknown} capability
 * @param {unknown} [options] `{ fallbackHint }`
 */
export function capabilityMissing(capability, options) {
  if (typeof capability !== 'string') throw argumentError('capabilityMissing', 'capability', NAME, capability);
  const { fallbackHint } =
    options === undefined ? { fallbackHint: undefined } : readOptions(options, 'capabilityMissing', ['fallbackHint']);
  if (fallbackHint !== undefined && typeof fallbackHint !== 'string') {
    throw argumentError('capabilityMissing', 'options.fallbackHint', 'a string', fallbackHint);
  }
  const parts = abi.capabilityMissing({
    capability: cutText(capability, COPY_LIMITS.stringUnits),
    fallbackHint: fallbackHint === undefined ? undefined : cutText(fallbackHint, COPY_LIMITS.stringUnits),
  });
  if (parts === null) throw argumentError('capabilityMissing', 'capability', NAME, capability);
  const error = builtUnrecorded(() => new McpError(parts.code, parts.message, parts.data));
  // The stack starts where the refusal was made, not inside this function.
  if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(error, capabilityMissing);
  return error;
}

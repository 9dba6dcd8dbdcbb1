// registerTool: the drop-in for `server.registerTool(...)` on the official MCP SDK's
// McpServer, v1 (`@modelcontextprotocol/sdk`) and v2 (`@modelcontextprotocol/server`).
//
// How it works, with public SDK API only: the tool is registered the ordinary way, so
// `tools/list` publishes exactly what `server.registerTool` would. Its input schema is
// then swapped for a wrapper that describes itself as the author's schema (same JSON
// Schema, same vendor) but never fails: the SDK's own parse runs the author's schema
// once, and when it rejects the arguments the wrapper hands the handler a private
// rejection value instead of an SDK error text. The wrapped handler turns that
// rejection, and anything the author's handler throws, into this package's envelope.
// v1 takes the wrapper as the registered tool's `inputSchema`; v2 through
// `registered.update({ paramsSchema })`.

import { errorResult, rejectionResult } from './jsonrpc.js';
import { readOnceSafely } from './read.js';
import { error, internalError, validationErrorResult } from './xml.js';

const DIALECTS = new Set(['jsonrpc', 'xml']);

/** Our own options in the tool's config; the rest of the config goes to the SDK as is. */
const OWN_OPTIONS = new Set(['errors', 'dialect', 'redactSecrets', 'maskServerErrors']);

/** The JSON-RPC code of the SDK's URL elicitation request, which the SDK must see thrown. */
const URL_ELICITATION_REQUIRED = -32042;

/** Arguments the tool's schema rejected: what the handler wrapper receives instead of them. */
class Rejection {
  constructor(issues, args) {
    this.issues = issues;
    this.args = args;
  }
}

function typeError(message) {
  return new TypeError(`mcp-envelope: registerTool: ${message}`);
}

function isThenable(value) {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function';
}

/** A Standard Schema result as `{ value }` or a Rejection of its issues. */
function settled(result, input) {
  if (result !== null && typeof result === 'object' && Array.isArray(result.issues) && result.issues.length > 0) {
    return { value: new Rejection(result.issues, input) };
  }
  return { value: result === null || typeof result !== 'object' ? undefined : result.value };
}

/** The author's `~standard` with a `validate` that never fails. */
function permissiveStandard(standard) {
  return Object.freeze({
    version: standard.version,
    vendor: standard.vendor,
    ...(standard.types === undefined ? {} : { types: standard.types }),
    ...(standard.jsonSchema === undefined ? {} : { jsonSchema: standard.jsonSchema }),
    validate(input) {
      const result = standard.validate(input);
      return isThenable(result) ? Promise.resolve(result).then((r) => settled(r, input)) : settled(result, input);
    },
  });
}

/**
 * A schema that lists as `schema` and accepts everything, turning a rejection into a
 * Rejection value. Zod 4 (classic or mini): the SDK v1 parses through `_zod.run`, which
 * runs the author's schema through its public `~standard.validate` (finalised issues,
 * with their messages); its JSON Schema comes from the author's schema (`parent`). Zod 3:
 * `safeParse` / `safeParseAsync`. Any other Standard Schema (SDK v2): `~standard` only.
 */
function permissiveSchema(schema) {
  const standard = schema['~standard'];
  const zod4 = schema._zod;
  if (zod4 !== undefined && zod4 !== null && standard !== undefined) {
    const wrapped = permissiveStandard(standard);
    const internals = Object.create(zod4, {
      parent: { value: schema },
      run: {
        value(payload) {
          const input = payload.value;
          const apply = (out) => {
            payload.value = out.value;
            return payload;
          };
          const out = wrapped.validate(input);
          return isThenable(out) ? out.then(apply) : apply(out);
        },
      },
    });
    return Object.create(schema, { '~standard': { value: wrapped }, _zod: { value: internals } });
  }
  if (typeof schema.safeParseAsync === 'function' && schema._def !== undefined) {
    const accept = (result, input) => (result.success ? result : { success: true, data: new Rejection(result.error.issues, input) });
    return Object.create(schema, {
      safeParse: { value: (input) => accept(schema.safeParse(input), input) },
      safeParseAsync: { value: async (input) => accept(await schema.safeParseAsync(input), input) },
      ...(standard === undefined ? {} : { '~standard': { value: permissiveStandard(standard) } }),
    });
  }
  if (standard !== undefined && typeof standard.validate === 'function') {
    return Object.freeze({ '~standard': permissiveStandard(standard) });
  }
  return undefined;
}

/** The tool's input JSON Schema for the hint sentences: computed at the first rejection, then kept. */
function jsonSchemaOf(schema) {
  let prepared;
  return () => {
    if (prepared !== undefined) return prepared.value;
    let value;
    try {
      const convert = schema['~standard']?.jsonSchema?.input;
      value = typeof convert === 'function' ? convert({ target: 'draft-2020-12' }) : undefined;
    } catch {
      value = undefined;
    }
    prepared = { value };
    return value;
  };
}

/** Whether the request's signal was aborted (`extra.signal` in v1, also on the v2 context). */
function abortedOf(extra) {
  if (extra === null || typeof extra !== 'object') return false;
  const signal = readOnceSafely(extra, 'signal');
  let value = signal.threw ? undefined : signal.value;
  if (value === undefined) {
    const request = readOnceSafely(extra, 'mcpReq');
    if (!request.threw && request.value !== null && typeof request.value === 'object') {
      const inner = readOnceSafely(request.value, 'signal');
      value = inner.threw ? undefined : inner.value;
    }
  }
  if (value === null || typeof value !== 'object') return false;
  const aborted = readOnceSafely(value, 'aborted');
  return !aborted.threw && aborted.value === true;
}

/** The SDK's URL elicitation request: the SDK answers it itself, so it is rethrown. */
function isUrlElicitation(thrown) {
  if (thrown === null || typeof thrown !== 'object') return false;
  const code = readOnceSafely(thrown, 'code');
  return !code.threw && code.value === URL_ELICITATION_REQUIRED;
}

/**
 * How a dialect answers a rejection and a throw, and (XML) a call already cancelled when
 * its handler would start: MCP Fusion's runChain checks `signal?.aborted` after the
 * arguments passed and answers `error('[tool/action] Request cancelled.')` without
 * running the chain (ExecutionPipeline.ts @ 148cb238513d578c9f906348a0589dbf52072a8b;
 * our tools have no action: `[tool]`, as internalError writes it).
 */
function responder(dialect, name, contract, safety, schemaJson) {
  if (dialect === 'xml') {
    return {
      rejected: (rejection) => validationErrorResult(rejection.issues, name, rejection.args),
      threw: (thrown) => internalError(thrown, { tool: name, ...safety }),
      cancelled: () => error(`[${name}] Request cancelled.`),
    };
  }
  const options = (aborted) => (contract === undefined ? { aborted, ...safety } : { aborted, contract, ...safety });
  return {
    rejected: (rejection, aborted) =>
      rejectionResult(rejection.issues, { tool: name, args: rejection.args, schema: schemaJson() }, options(aborted)),
    threw: (thrown, aborted) => errorResult(thrown, options(aborted)),
  };
}

function readConfig(config) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw typeError('config must be an object');
  const sdkConfig = {};
  const own = {};
  for (const key of Object.keys(config)) {
    const read = readOnceSafely(config, key);
    if (read.threw) throw typeError(`config.${key} could not be read`);
    (OWN_OPTIONS.has(key) ? own : sdkConfig)[key] = read.value;
  }
  const dialect = own.dialect ?? 'jsonrpc';
  if (!DIALECTS.has(dialect)) throw typeError("config.dialect must be 'jsonrpc' or 'xml'");
  if (own.errors !== undefined && !Array.isArray(own.errors)) throw typeError('config.errors must be an array of contract entries');
  if (own.errors !== undefined && dialect === 'xml') throw typeError('config.errors (an error contract) is for the jsonrpc dialect');
  const safety = {};
  for (const option of ['redactSecrets', 'maskServerErrors']) {
    if (own[option] === undefined) continue;
    if (typeof own[option] !== 'boolean') throw typeError(`config.${option} must be a boolean`);
    safety[option] = own[option];
  }
  return { sdkConfig, dialect, contract: own.errors, safety };
}

export function registerTool(server, name, config, handler) {
  const method = server === null || typeof server !== 'object' ? undefined : readOnceSafely(server, 'registerTool');
  if (method === undefined || method.threw || typeof method.value !== 'function') {
    throw typeError('server must be an McpServer of the MCP SDK (v1 or v2)');
  }
  if (typeof name !== 'string') throw typeError('name must be a string');
  if (typeof handler !== 'function') throw typeError('handler must be a function');
  const { sdkConfig, dialect, contract, safety } = readConfig(config);
  const hasSchema = sdkConfig.inputSchema !== undefined;

  let schemaJson = () => undefined;
  const answer = responder(dialect, name, contract, safety, () => schemaJson());
  const run = async (args, extra) => {
    if (args instanceof Rejection) return answer.rejected(args, abortedOf(extra));
    if (answer.cancelled !== undefined && abortedOf(extra)) return answer.cancelled();
    try {
      return await (hasSchema ? handler(args, extra) : handler(extra));
    } catch (thrown) {
      if (isUrlElicitation(thrown)) throw thrown;
      return answer.threw(thrown, abortedOf(extra));
    }
  };
  const callback = hasSchema ? (args, extra) => run(args, extra) : (extra) => run(undefined, extra);

  const registered = server.registerTool(name, sdkConfig, callback);
  if (!hasSchema) return registered;
  const normalised = registered?.inputSchema;
  const permissive = normalised === undefined || normalised === null ? undefined : permissiveSchema(normalised);
  if (permissive === undefined) {
    registered?.remove?.();
    throw typeError('inputSchema must be a Zod schema, a Zod raw shape or a Standard Schema');
  }
  schemaJson = jsonSchemaOf(normalised);
  if ('executor' in registered) {
    registered.update({ paramsSchema: permissive });
  } else {
    registered.inputSchema = permissive;
  }
  return registered;
}

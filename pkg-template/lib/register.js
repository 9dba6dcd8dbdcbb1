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

import { JsonRpcErrorCode } from './codes.js';
import { COPY_LIMITS, cutText } from './copy.js';
import {
  INVALID_ARGUMENTS_REASON,
  RESULT_CONTENT_NOT_A_LIST,
  RESULT_NO_STRUCTURED_CONTENT,
  RESULT_NOT_AN_OBJECT,
  RESULT_OUTPUT_REJECTED,
} from './constants.js';
import * as abi from './abi.js';
import { checkContract } from './contract-lint.js';
import { errorResult, rejectionResult } from './jsonrpc.js';
import { logRecord } from './log.js';
import { drive, preparePrevalidation, prevalidationSteps, readPrevalidateOptions } from './prevalidate.js';
import { McpError } from './mcp-error.js';
import { kindOf, READ_THREW, readOnce } from './read.js';
import { cancelled, fromMcpError, internalError, validationErrorResult } from './xml.js';

const DIALECTS = new Set(['jsonrpc', 'xml']);

/** Our own options in the tool's config; the rest of the config goes to the SDK as is. */
const OWN_OPTIONS = new Set([
  'errors',
  'dialect',
  'redactSecrets',
  'maskServerErrors',
  'guidance',
  'onError',
  'logRaw',
  'requestId',
  'prevalidate',
]);

/** The JSON-RPC code of the SDK's URL elicitation request, which the SDK must see thrown. */
const URL_ELICITATION_REQUIRED = -32042;

/** Arguments the tool's schema rejected: what the handler wrapper receives instead of them. */
class Rejection {
  /**
   * @param {unknown[]} issues
   * @param {unknown} args
   * @param {import('../wasm/mcp_envelope.js').PreValidationInput} [report] what pre-validation changed
   */
  constructor(issues, args, report) {
    this.issues = issues;
    this.args = args;
    this.report = report;
  }
}

/**
 * A tool's pre-validation, prepared at its first call (the JSON Schema is computed then).
 * @typedef {() => import('./prevalidate.js').Prepared} Prevalidation
 */

/**
 * `validate(input)` through pre-validation when there is one: the key stages, the
 * parse, the repairs tried only after a rejection. The result is `{ value }`, a
 * Rejection in place of the value when the arguments stay rejected. `check` answers
 * `{ value }` or `{ issues }` (or a Promise of one).
 * @param {unknown} input
 * @param {Prevalidation | undefined} prevalidation
 * @param {(args: unknown) => unknown} check
 */
function validated(input, prevalidation, check) {
  /** @param {any} outcome */
  const settle = (outcome) =>
    'value' in outcome
      ? { value: outcome.value }
      : { value: new Rejection(outcome.issues, outcome.args, outcome.report) };
  if (prevalidation === undefined) {
    const out = check(input);
    /** @param {any} verdict */
    const plain = (verdict) => ('value' in verdict ? verdict : { value: new Rejection(verdict.issues, input) });
    return isThenable(out) ? Promise.resolve(out).then(plain) : plain(out);
  }
  const outcome = drive(prevalidationSteps(input, prevalidation()), check);
  return isThenable(outcome) ? Promise.resolve(outcome).then(settle) : settle(outcome);
}

/**
 * @param {string} message
 */
function typeError(message) {
  return new TypeError(`mcp-envelope: registerTool: ${message}`);
}

/**
 * @param {any} value
 * @returns {value is PromiseLike<unknown>}
 */
function isThenable(value) {
  return (
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function'
  );
}

/**
 * A Standard Schema result as `{ value }` or `{ issues }`.
 * @param {any} result
 */
function verdict(result) {
  if (result !== null && typeof result === 'object' && Array.isArray(result.issues) && result.issues.length > 0) {
    return { issues: result.issues };
  }
  return { value: result === null || typeof result !== 'object' ? undefined : result.value };
}

/**
 * The author's `~standard` as a check (`{ value }` or `{ issues }`, or a Promise of one).
 * @param {any} standard
 * @returns {(args: unknown) => unknown}
 */
function standardCheck(standard) {
  return (args) => {
    const result = standard.validate(args);
    return isThenable(result) ? Promise.resolve(result).then(verdict) : verdict(result);
  };
}

/**
 * The author's `~standard` with a `validate` that never fails.
 * @param {any} standard the author's `~standard`
 * @param {Prevalidation | undefined} prevalidation
 */
function permissiveStandard(standard, prevalidation) {
  return Object.freeze({
    version: standard.version,
    vendor: standard.vendor,
    ...(standard.types === undefined ? {} : { types: standard.types }),
    ...(standard.jsonSchema === undefined ? {} : { jsonSchema: standard.jsonSchema }),
    /**
     * @param {unknown} input
     */
    validate(input) {
      return validated(input, prevalidation, standardCheck(standard));
    },
  });
}

/**
 * A schema that lists as `schema` and accepts everything, turning a rejection into a
 * Rejection value. Zod 4 (classic or mini): the SDK v1 parses through `_zod.run`, which
 * runs the author's schema through its public `~standard.validate` (finalised issues,
 * with their messages); its JSON Schema comes from the author's schema (`parent`). Zod 3:
 * `safeParse` / `safeParseAsync`. Any other Standard Schema (SDK v2): `~standard` only.
 * Each runs pre-validation (`prevalidation`) around the author's parse when there is one.
 * @param {any} schema
 * @param {Prevalidation | undefined} prevalidation
 */
function permissiveSchema(schema, prevalidation) {
  const standard = schema['~standard'];
  const zod4 = schema._zod;
  if (zod4 !== undefined && zod4 !== null && standard !== undefined) {
    const wrapped = permissiveStandard(standard, prevalidation);
    const internals = Object.create(zod4, {
      parent: { value: schema },
      run: {
        /**
         * @param {any} payload
         */
        value(payload) {
          const input = payload.value;
          /** @param {any} out */
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
    /** @param {any} result */
    const zod3 = (result) => (result.success ? { value: result.data } : { issues: result.error.issues });
    /** @param {any} out */
    const parsed = (out) => ({ success: true, data: out.value });
    return Object.create(schema, {
      safeParse: {
        value: (/** @type {unknown} */ input) =>
          parsed(validated(input, prevalidation, (args) => zod3(schema.safeParse(args)))),
      },
      safeParseAsync: {
        value: async (/** @type {unknown} */ input) =>
          parsed(await validated(input, prevalidation, async (args) => zod3(await schema.safeParseAsync(args)))),
      },
      ...(standard === undefined ? {} : { '~standard': { value: permissiveStandard(standard, prevalidation) } }),
    });
  }
  if (standard !== undefined && typeof standard.validate === 'function') {
    return Object.freeze({ '~standard': permissiveStandard(standard, prevalidation) });
  }
  return undefined;
}

/**
 * The tool's input JSON Schema for the hint sentences: computed at the first rejection, then kept.
 * @param {any} schema
 */
function jsonSchemaOf(schema) {
  /** @type {{ value: any } | undefined} */
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

/**
 * The JSON Schema pre-validation reads when the schema has none of its own: a Zod 4
 * object without `~standard.jsonSchema` (what SDK v1 makes of a raw shape), assembled
 * from its shape as Zod writes an input schema: each property's own JSON Schema (or
 * `{}`), `required` for each property that is not optional, `additionalProperties`
 * from its catchall. Undefined for anything else (Zod 3).
 * @param {any} schema
 */
function shapeSchemaOf(schema) {
  try {
    const def = schema?._zod?.def;
    const shape = def?.shape;
    if (def?.type !== 'object' || shape === null || typeof shape !== 'object') return undefined;
    /** @type {Record<string, unknown>} */
    const properties = {};
    /** @type {string[]} */
    const required = [];
    for (const key of Object.keys(shape)) {
      const field = shape[key];
      const convert = field?.['~standard']?.jsonSchema?.input;
      const own = typeof convert === 'function' ? convert({ target: 'draft-2020-12' }) : undefined;
      Object.defineProperty(properties, key, {
        value: own ?? {},
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (field?._zod?.optin !== 'optional') required.push(key);
    }
    const catchall = def.catchall;
    const extra =
      catchall === undefined ? {} : { additionalProperties: catchall?._zod?.def?.type === 'never' ? false : {} };
    return { type: 'object', properties, required, ...extra };
  } catch {
    return undefined;
  }
}

/**
 * Whether the request's signal was aborted (`extra.signal` in v1, also on the v2 context).
 * @param {unknown} extra
 */
function abortedOf(extra) {
  if (extra === null || typeof extra !== 'object') return false;
  const signal = readOnce(extra, 'signal');
  let value = signal === READ_THREW ? undefined : signal;
  if (value === undefined) {
    const request = readOnce(extra, 'mcpReq');
    if (request !== READ_THREW && request !== null && typeof request === 'object') {
      const inner = readOnce(request, 'signal');
      value = inner === READ_THREW ? undefined : inner;
    }
  }
  if (value === null || typeof value !== 'object') return false;
  return readOnce(value, 'aborted') === true;
}

/**
 * The SDK's URL elicitation request: the SDK answers it itself, so it is rethrown.
 * @param {unknown} thrown
 */
function isUrlElicitation(thrown) {
  if (thrown === null || typeof thrown !== 'object') return false;
  return readOnce(thrown, 'code') === URL_ELICITATION_REQUIRED;
}

/**
 * The request id an envelope carries: the option's (a function is asked per call), else generated.
 * @param {OwnOptions['requestId']} option
 * @param {unknown} extra
 */
function requestIdOf(option, extra) {
  if (typeof option !== 'function') return option;
  try {
    const id = option(extra);
    return typeof id === 'string' || id === false || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls the log hook with a failure's record; the hook can never break the call.
 * @param {(record: any) => unknown} hook
 * @param {unknown} record
 */
function report(hook, record) {
  try {
    const out = hook(record);
    if (isThenable(out)) Promise.resolve(out).catch(() => {});
  } catch {
    // A throwing hook is the hook's own failure, never the tool call's.
  }
}

/**
 * `structuredContent.error.data.requestId` of a JSON-RPC envelope: the id the model saw.
 * @param {any} result
 */
function envelopeId(result) {
  const id = result?.structuredContent?.error?.data?.requestId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Our own options of a tool, read and checked (`readOwn`).
 * @typedef {{ contract: import('../types/shapes.js').ErrorContract | undefined,
 *   safety: { redactSecrets?: boolean, maskServerErrors?: boolean }, guidance: boolean,
 *   onError: ((record: unknown) => unknown) | undefined, logRaw: boolean,
 *   requestId: string | number | false | ((extra: unknown) => unknown) | undefined,
 *   prevalidate: Record<string, unknown> | undefined }} OwnOptions
 */

/**
 * How a dialect answers a rejection, a throw and a result that is no tool result, and
 * (XML) a call already cancelled when its handler would start: MCP Fusion's runChain
 * checks `signal?.aborted` after the arguments passed and answers with an error
 * envelope without running the chain (the core writes it: src/xml/routing.rs
 * `cancelled`). Each answer also reports the failure's log record (with the request id
 * the model saw) to `onError`.
 * @param {'jsonrpc' | 'xml'} dialect
 * @param {string} name
 * @param {OwnOptions} own
 * @param {() => import('../types/shapes.js').JsonSchema | undefined} schemaJson
 */
function responder(dialect, name, own, schemaJson) {
  const { contract, safety, guidance, onError, logRaw } = own;
  /**
   * @param {unknown} thrown
   * @param {boolean} aborted
   * @param {unknown} requestId
   * @param {unknown} [logged]
   */
  const record = (thrown, aborted, requestId, logged = thrown) => {
    if (onError === undefined) return;
    /** @type {import('../types/shapes.js').ToolFailureRecord} */
    let entry;
    try {
      entry = logRecord(logged, { tool: name, aborted, raw: logRaw, ...(contract === undefined ? {} : { contract }) });
    } catch {
      return;
    }
    if (requestId !== undefined && requestId !== false) {
      entry.requestId = abi.boundedRequestId({ id: cutText(String(requestId), COPY_LIMITS.stringUnits) });
    }
    report(onError, entry);
  };
  if (dialect === 'xml') {
    const xmlOptions = {
      guidance,
      redactSecrets: safety.redactSecrets !== false,
      maskServerErrors: safety.maskServerErrors === true,
    };
    /**
     * @param {unknown} thrown
     * @param {boolean} aborted
     * @param {unknown} extra
     * @param {unknown} [logged]
     */
    const threw = (thrown, aborted, extra, logged) => {
      const answer = McpError.isMcpError(thrown)
        ? fromMcpError(thrown, xmlOptions)
        : internalError(thrown, { tool: name, ...safety });
      record(thrown, aborted, requestIdOf(own.requestId, extra), logged);
      return answer;
    };
    return {
      /**
       * @param {Rejection} rejection
       * @param {boolean} aborted
       * @param {unknown} extra
       */
      rejected: (rejection, aborted, extra) => {
        const answer = validationErrorResult(rejection.issues, name, rejection.args);
        const refusal = new McpError(JsonRpcErrorCode.InvalidParams, answer.content[0].text, {
          reason: INVALID_ARGUMENTS_REASON,
        });
        record(refusal, aborted, requestIdOf(own.requestId, extra));
        return answer;
      },
      threw,
      cancelled: () => cancelled(name),
    };
  }
  /**
   * @param {boolean} aborted
   * @param {unknown} extra
   */
  const options = (aborted, extra) => {
    const id = requestIdOf(own.requestId, extra);
    return {
      aborted,
      guidance,
      ...(contract === undefined ? {} : { contract }),
      ...(id === undefined ? {} : { requestId: id }),
      ...safety,
    };
  };
  return {
    /**
     * @param {Rejection} rejection
     * @param {boolean} aborted
     * @param {unknown} extra
     */
    rejected: (rejection, aborted, extra) => {
      const result = rejectionResult(
        rejection.issues,
        {
          tool: name,
          args: rejection.args,
          schema: schemaJson(),
          ...(rejection.report === undefined ? {} : { input: rejection.report }),
        },
        // The rejection carries its own next step (the hint) and, as seed 002 has it, no `retryable`.
        { ...options(aborted, extra), guidance: false },
      );
      const sent = result.structuredContent.error;
      record(new McpError(sent.code, sent.message, { reason: sent.data?.reason }), aborted, envelopeId(result));
      return result;
    },
    /**
     * @param {unknown} thrown
     * @param {boolean} aborted
     * @param {unknown} extra
     * @param {unknown} [logged]
     */
    threw: (thrown, aborted, extra, logged) => {
      const result = errorResult(thrown, options(aborted, extra));
      record(thrown, aborted, envelopeId(result), logged);
      return result;
    },
  };
}

/**
 * Reads our own options off a config (or `registerTool.defaults`' object).
 * @param {any} own
 * @param {string} dialect
 * @returns {OwnOptions}
 */
function readOwn(own, dialect) {
  if (own.errors !== undefined && !Array.isArray(own.errors)) {
    throw typeError('config.errors must be an array of contract entries');
  }
  if (own.errors !== undefined && dialect === 'xml') {
    throw typeError('config.errors (an error contract) is for the jsonrpc dialect');
  }
  /** @type {OwnOptions['safety']} */
  const safety = {};
  for (const option of /** @type {const} */ (['redactSecrets', 'maskServerErrors'])) {
    if (own[option] === undefined) continue;
    if (typeof own[option] !== 'boolean') throw typeError(`config.${option} must be a boolean`);
    safety[option] = own[option];
  }
  if (own.guidance !== undefined && typeof own.guidance !== 'boolean')
    throw typeError('config.guidance must be a boolean');
  if (own.onError !== undefined && typeof own.onError !== 'function')
    throw typeError('config.onError must be a function');
  if (own.logRaw !== undefined && typeof own.logRaw !== 'boolean') throw typeError('config.logRaw must be a boolean');
  const id = own.requestId;
  const idOk =
    id === undefined ||
    id === false ||
    typeof id === 'string' ||
    typeof id === 'function' ||
    (typeof id === 'number' && Number.isInteger(id));
  if (!idOk) throw typeError('config.requestId must be a string, an integer, false or a function');
  // Pre-validation: on by default in the JSON-RPC dialect (mcp-ts-core's step), off in
  // the XML one (MCP Fusion has none) unless asked for.
  const pre = own.prevalidate;
  if (
    pre !== undefined &&
    typeof pre !== 'boolean' &&
    (pre === null || typeof pre !== 'object' || Array.isArray(pre))
  ) {
    throw typeError('config.prevalidate must be a boolean or an object of options');
  }
  if (pre !== null && typeof pre === 'object' && readOnce(pre, 'validate') !== undefined) {
    throw typeError('config.prevalidate takes no validate: the tool validates with its inputSchema');
  }
  const enabled = pre === undefined ? dialect === 'jsonrpc' : pre !== false;
  const prevalidate = enabled
    ? readPrevalidateOptions(typeof pre === 'object' ? pre : undefined, 'registerTool', 'config.prevalidate')
    : undefined;
  return {
    contract: own.errors,
    safety,
    guidance: own.guidance !== false,
    onError: own.onError,
    logRaw: own.logRaw === true,
    requestId: id,
    prevalidate,
  };
}

/**
 * @param {unknown} config
 * @param {Record<string, unknown> | undefined} defaults
 */
function readConfig(config, defaults) {
  if (config === null || typeof config !== 'object' || Array.isArray(config))
    throw typeError('config must be an object');
  /** @type {Record<string, any>} the SDK's part of the config, as given */
  const sdkConfig = {};
  /** @type {Record<string, unknown>} */
  const own = { ...defaults };
  for (const key of Object.keys(config)) {
    const value = readOnce(config, key);
    if (value === READ_THREW) throw typeError(`config.${key} could not be read`);
    if (!OWN_OPTIONS.has(key)) sdkConfig[key] = value;
    else if (value !== undefined) own[key] = value;
  }
  // Checked next.
  const dialect = /** @type {'jsonrpc' | 'xml'} */ (own.dialect ?? 'jsonrpc');
  if (!DIALECTS.has(dialect)) throw typeError("config.dialect must be 'jsonrpc' or 'xml'");
  return { sdkConfig, dialect, own: readOwn(own, dialect) };
}

// ---------------------------------------------------------------------------------
// What a handler returns.

/**
 * Why `result` cannot be sent as this tool's result (`{ what, detail }`), or undefined
 * when it can. Each field is read once; `validate` checks a success result's
 * `structuredContent` against the author's output schema.
 * @param {unknown} result
 * @param {((value: unknown) => Promise<string | undefined>) | undefined} validate
 * @returns {Promise<{ what: number, detail: string } | undefined>}
 */
async function resultProblem(result, validate) {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    // The log names the kind without describe's article ('returned string', as it always has).
    return { what: RESULT_NOT_AN_OBJECT, detail: kindOf(result) };
  }
  const content = readOnce(result, 'content');
  if (content === READ_THREW || (content !== undefined && !Array.isArray(content))) {
    return { what: RESULT_CONTENT_NOT_A_LIST, detail: '' };
  }
  if (validate === undefined) return undefined;
  if (readOnce(result, 'isError') === true) return undefined;
  const structured = readOnce(result, 'structuredContent');
  if (structured === READ_THREW || structured === undefined) return { what: RESULT_NO_STRUCTURED_CONTENT, detail: '' };
  let rejected;
  try {
    rejected = await validate(structured);
  } catch {
    rejected = '';
  }
  return rejected === undefined ? undefined : { what: RESULT_OUTPUT_REJECTED, detail: rejected };
}

/**
 * The first issue of a rejection as `path: message`, for the log.
 * @param {any[]} issues
 * @returns {string}
 */
function firstIssueText(issues) {
  try {
    const issue = issues[0];
    /** @type {any[]} */
    const segments = Array.isArray(issue.path) ? issue.path : [];
    const path = segments.map((p) => String(typeof p === 'object' && p !== null ? p.key : p)).join('.');
    const message = typeof issue.message === 'string' ? issue.message : '';
    return cutText(path === '' ? message : `${path}: ${message}`, COPY_LIMITS.stringUnits);
  } catch {
    return '';
  }
}

/**
 * A validator of success results against the author's output schema: the first issue's text, or undefined.
 * @param {any} schema
 * @returns {((value: unknown) => Promise<string | undefined>) | undefined}
 */
function outputValidator(schema) {
  const standard = schema?.['~standard'];
  if (standard !== undefined && typeof standard.validate === 'function') {
    return async (/** @type {unknown} */ value) => {
      const out = await standard.validate(value);
      const issues = out !== null && typeof out === 'object' ? out.issues : undefined;
      return Array.isArray(issues) && issues.length > 0 ? firstIssueText(issues) : undefined;
    };
  }
  if (typeof schema?.safeParseAsync === 'function') {
    return async (/** @type {unknown} */ value) => {
      const out = await schema.safeParseAsync(value);
      return out.success ? undefined : firstIssueText(out.error.issues);
    };
  }
  return undefined;
}

/**
 * The McpError the model gets for a return that is no tool result, and the one its log record reads.
 * @param {string} name
 * @param {{ what: number, detail: string }} problem
 */
function invalidResult(name, problem) {
  const { message, log } = abi.invalidResult({ tool: name, what: problem.what, detail: problem.detail });
  return {
    wire: new McpError(JsonRpcErrorCode.InternalError, message),
    log: new McpError(JsonRpcErrorCode.InternalError, log),
  };
}

// ---------------------------------------------------------------------------------
// The advertised output schema.

const OUTPUT_TARGET = Object.freeze({ target: 'draft-2020-12' });

/**
 * The author's output JSON Schema widened by the core for error results, or undefined.
 * @param {() => unknown} jsonSchemaOf
 */
function widenedJson(jsonSchemaOf) {
  let json;
  try {
    json = JSON.stringify(jsonSchemaOf());
  } catch {
    return undefined;
  }
  return json === undefined ? undefined : (abi.advertisedOutputSchema({ schema: json }) ?? undefined);
}

/**
 * Makes the tool advertise an output schema its error results satisfy (the core's
 * `advertised_output_schema`), with a schema that accepts any value: registerTool checks
 * success results itself, against the author's schema.
 * - SDK v2: `update({ outputSchema })` with a Standard Schema whose JSON Schema is the
 *   widened one.
 * - SDK v1, a Zod 4 schema with `~standard.jsonSchema`: its JSON Schema override is the
 *   widened one.
 * - A Zod 4 (mini) object without it (what SDK v1 makes of a raw shape, a `zod/mini`
 *   schema), on either SDK: its JSON Schema is written by Zod's own object processor,
 *   then widened in place with what the core adds (the `error` property, the `anyOf`;
 *   `required` moves into it). Only for the Zod 4 versions this is tested with (4.6 and
 *   later).
 * False when none applies (Zod 3 on SDK v1, a schema that is not an object, one that
 * declares `error` itself): the tool's error results then go out without
 * `structuredContent`, which every client accepts.
 * @param {any} registered
 * @param {any} schema
 * @param {boolean} v2
 */
function advertiseErrors(registered, schema, v2) {
  const standard = schema?.['~standard'];
  const json = standard?.jsonSchema;
  const widened =
    json !== undefined && typeof json.output === 'function' ? widenedJson(() => json.output(OUTPUT_TARGET)) : undefined;
  /** @param {object} wrapper */
  const install = (wrapper) => {
    if (v2) registered.update({ outputSchema: wrapper });
    else registered.outputSchema = wrapper;
    return true;
  };
  const accept = { value: (/** @type {unknown} */ payload) => payload };
  if (widened !== undefined && v2) {
    return install(
      Object.freeze({
        '~standard': Object.freeze({
          version: standard.version,
          vendor: standard.vendor,
          validate: (/** @type {unknown} */ value) => ({ value }),
          jsonSchema: Object.freeze({
            input: (/** @type {unknown} */ options) => json.input(options),
            output: (/** @type {unknown} */ options) =>
              widenedJson(() => json.output(options)) ?? structuredClone(widened),
          }),
        }),
      }),
    );
  }
  const internals = schema?._zod;
  if (internals === undefined || internals === null) return false;
  if (widened !== undefined) {
    return install(
      Object.create(schema, {
        _zod: {
          value: Object.create(internals, { toJSONSchema: { value: () => structuredClone(widened) }, run: accept }),
        },
      }),
    );
  }
  const version = internals.version;
  const shape = internals.def?.shape;
  const processable =
    version?.major === 4 &&
    version.minor >= 6 &&
    internals.def?.type === 'object' &&
    shape !== null &&
    typeof shape === 'object' &&
    !Object.hasOwn(shape, 'error') &&
    internals.processJSONSchema === undefined;
  if (!processable) return false;
  const wrapper = Object.create(schema);
  Object.defineProperty(wrapper, '_zod', {
    value: Object.create(internals, {
      processJSONSchema: {
        /**
         * @param {any} ctx
         * @param {any} out
         * @param {unknown} params
         */
        value(ctx, out, params) {
          ctx.processors[internals.def.type](wrapper, ctx, out, params);
          widenInPlace(out);
        },
      },
      run: accept,
    }),
  });
  return install(wrapper);
}

/**
 * `out` (an object schema Zod is writing) widened as the core widens it: the core is
 * given its `required` list only, and its `error` property and `anyOf` are added.
 * @param {any} out
 */
function widenInPlace(out) {
  const required = Array.isArray(out.required) ? out.required : [];
  // The core's widened object schema: `properties.error` and `anyOf` are there.
  const widened = /** @type {{ properties: { error: unknown }, anyOf: unknown } | undefined} */ (
    widenedJson(() => ({ type: 'object', properties: {}, required }))
  );
  if (widened === undefined) return;
  out.properties = { ...out.properties, error: widened.properties.error };
  delete out.required;
  out.anyOf = widened.anyOf;
}

/**
 * Warns once, on the console, when a tool's error contract has findings
 * (`checkContract`): the tool is registered all the same, and nothing here throws.
 * The console, not `onError`: that hook receives failure records of calls.
 * @param {string} name
 * @param {unknown} contract
 */
function warnContract(name, contract) {
  try {
    const findings = checkContract(contract, { tool: name });
    if (findings.length === 0) return;
    const lines = findings.map((f) => `  ${f.rule} (${f.severity}): ${f.message}`);
    const count = findings.length === 1 ? '1 finding' : `${findings.length} findings`;
    const warn = globalThis.console?.warn;
    if (typeof warn === 'function') {
      warn.call(
        globalThis.console,
        `mcp-envelope: registerTool: the error contract of tool '${name}' has ${count}:\n${lines.join('\n')}`,
      );
    }
  } catch {
    // A contract that cannot be read is the tool's own business at call time; registration goes on.
  }
}

/**
 * @param {Record<string, unknown> | undefined} defaults
 * @param {any} server
 * @param {unknown} name
 * @param {unknown} config
 * @param {unknown} handler
 */
function register(defaults, server, name, config, handler) {
  const method = server === null || typeof server !== 'object' ? undefined : readOnce(server, 'registerTool');
  if (typeof method !== 'function') {
    throw typeError('server must be an McpServer of the MCP SDK (v1 or v2)');
  }
  if (typeof name !== 'string') throw typeError('name must be a string');
  if (typeof handler !== 'function') throw typeError('handler must be a function');
  const { sdkConfig, dialect, own } = readConfig(config, defaults);
  if (own.contract !== undefined) warnContract(name, own.contract);
  const hasSchema = sdkConfig.inputSchema !== undefined;

  /** @type {() => any} */
  let schemaJson = () => undefined;
  /** @type {((value: unknown) => Promise<string | undefined>) | undefined} */
  let validateOutput;
  let stripStructured = false;
  const answer = responder(dialect, name, own, () => schemaJson());
  /** @param {any} result */
  const failed = (result) => {
    if (stripStructured) delete result.structuredContent;
    return result;
  };
  /**
   * @param {unknown} args
   * @param {unknown} extra
   */
  const run = async (args, extra) => {
    if (args instanceof Rejection) return failed(answer.rejected(args, abortedOf(extra), extra));
    if (answer.cancelled !== undefined && abortedOf(extra)) return answer.cancelled();
    let result;
    try {
      result = await (hasSchema ? handler(args, extra) : handler(extra));
    } catch (thrown) {
      if (isUrlElicitation(thrown)) throw thrown;
      return failed(answer.threw(thrown, abortedOf(extra), extra));
    }
    const problem = await resultProblem(result, validateOutput);
    if (problem === undefined) return result;
    const invalid = invalidResult(name, problem);
    return failed(answer.threw(invalid.wire, abortedOf(extra), extra, invalid.log));
  };
  const callback = hasSchema
    ? (/** @type {unknown} */ args, /** @type {unknown} */ extra) => run(args, extra)
    : (/** @type {unknown} */ extra) => run(undefined, extra);

  const registered = server.registerTool(name, sdkConfig, callback);
  const v2 = registered !== null && typeof registered === 'object' && 'executor' in registered;
  if (sdkConfig.outputSchema !== undefined) {
    const authored = registered?.outputSchema;
    validateOutput = outputValidator(authored);
    if (dialect === 'jsonrpc') stripStructured = !advertiseErrors(registered, authored, v2);
  }
  if (!hasSchema) return registered;
  const normalised = registered?.inputSchema;
  const options = own.prevalidate;
  /** @type {import('./prevalidate.js').Prepared | undefined} */
  let prepared;
  /** @type {Prevalidation | undefined} */
  const prevalidation =
    options === undefined
      ? undefined
      : () => (prepared ??= preparePrevalidation(schemaJson() ?? shapeSchemaOf(normalised), options));
  const permissive =
    normalised === undefined || normalised === null ? undefined : permissiveSchema(normalised, prevalidation);
  if (permissive === undefined) {
    registered?.remove?.();
    throw typeError('inputSchema must be a Zod schema, a Zod raw shape or a Standard Schema');
  }
  schemaJson = jsonSchemaOf(normalised);
  if (v2) {
    registered.update({ paramsSchema: permissive });
  } else {
    registered.inputSchema = permissive;
  }
  return registered;
}

/**
 * A tool's input schema from a plain JSON Schema and the validator that checks it: a
 * Standard Schema whose JSON Schema is `schema` (what `tools/list` shows and the hints
 * read) and whose issues are the validator's own errors (Ajv's `validate.errors`,
 * @cfworker/json-schema's output units), which registerTool's rejection reads.
 * @param {unknown} schema a JSON Schema object
 * @param {unknown} validate `(args) => errors`: a list of errors, empty (or null, or undefined) when the arguments pass
 */
export function jsonSchemaInput(schema, validate) {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new TypeError('mcp-envelope: jsonSchemaInput: schema must be a JSON Schema object');
  }
  if (typeof validate !== 'function') throw new TypeError('mcp-envelope: jsonSchemaInput: validate must be a function');
  const json = () => schema;
  return Object.freeze({
    '~standard': Object.freeze({
      version: 1,
      vendor: 'mcp-envelope',
      /** @param {unknown} value */
      validate(value) {
        const errors = validate(value);
        if (errors === null || errors === undefined) return { value };
        if (!Array.isArray(errors)) {
          throw new TypeError(
            'mcp-envelope: jsonSchemaInput: validate must return a list of errors, null or undefined',
          );
        }
        return errors.length === 0 ? { value } : { issues: errors };
      },
      jsonSchema: Object.freeze({ input: json, output: json }),
    }),
  });
}

/**
 * `server.registerTool(name, config, handler)` with every error the model sees written
 * by this package (see the README). `config` is the SDK's, plus our own options.
 * @param {unknown} server
 * @param {unknown} name
 * @param {unknown} config
 * @param {unknown} handler
 */
export function registerTool(server, name, config, handler) {
  return register(undefined, server, name, config, handler);
}

/**
 * A `registerTool` whose own options (`onError`, `requestId`, `guidance`, `dialect`,
 * `redactSecrets`, `maskServerErrors`, `errors`) default to `options`; a tool's config
 * still overrides each. Checked now, so a mistake throws here.
 * @param {Readonly<Record<string, unknown>> | undefined} base
 * @param {unknown} options
 */
function withDefaults(base, options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw typeError('defaults must be an object of registerTool options');
  }
  /** @type {Record<string, unknown>} */
  const own = { ...base };
  for (const key of Object.keys(options)) {
    if (!OWN_OPTIONS.has(key)) throw typeError(`defaults: \`${key}\` is not an option of registerTool`);
    const value = readOnce(options, key);
    if (value === READ_THREW) throw typeError(`defaults.${key} could not be read`);
    own[key] = value;
  }
  // Checked next.
  const dialect = /** @type {'jsonrpc' | 'xml'} */ (own.dialect ?? 'jsonrpc');
  if (!DIALECTS.has(dialect)) throw typeError("defaults.dialect must be 'jsonrpc' or 'xml'");
  readOwn(own, dialect);
  const frozen = Object.freeze(own);
  /**
   * @param {unknown} server
   * @param {unknown} name
   * @param {unknown} config
   * @param {unknown} handler
   */
  const bound = (server, name, config, handler) => register(frozen, server, name, config, handler);
  bound.defaults = (/** @type {unknown} */ more) => withDefaults(frozen, more);
  return bound;
}

registerTool.defaults = (/** @type {unknown} */ options) => withDefaults(undefined, options);

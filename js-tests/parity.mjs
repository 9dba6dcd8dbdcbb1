// The two sides of the parity tests (js-tests/parity*.test.mjs): one list of calls
// `{ op, args }` run through the npm package here and through the crate's Rust API by
// examples/parity.rs (built by `cargo build --example parity --features serde`, which
// `make test-js` runs first), each output the exact text the operation writes.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import * as m from '../pkg/node.js';

const BIN = fileURLToPath(new URL('../target/debug/examples/parity', import.meta.url));

/** Runs every call through the Rust API in one process; its outputs, in order. */
export function rust(calls) {
  assert.ok(
    existsSync(BIN),
    `${BIN} is missing: build it with \`cargo build --example parity --features serde\` (make test-js does)`,
  );
  const run = spawnSync(BIN, { input: JSON.stringify(calls), maxBuffer: 1 << 30, encoding: 'utf8' });
  assert.equal(run.status, 0, `the Rust side failed: ${run.stderr}`);
  const outputs = JSON.parse(run.stdout);
  assert.equal(outputs.length, calls.length, 'the Rust side answered every call');
  return outputs;
}

/** Numbers JSON cannot hold travel as strings (`"NaN"`, `"Infinity"`, `"-Infinity"`). */
export const num = (n) => (n === 'NaN' ? NaN : n === 'Infinity' ? Infinity : n === '-Infinity' ? -Infinity : n);

/** A `$deep` marker (examples/parity.rs builds it out): `leaf` inside `depth` arrays or one-key objects. */
export function deep(depth, wrap, leaf, key = 'a') {
  return { $deep: depth, wrap, key, leaf };
}

/** `{ $num }` markers: the numbers JSON text cannot carry (`JSON.stringify(-0)` is `0`). */
const NUMBER_MARKS = { '-0': -0, NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };

/** The value a `$deep` (or `$num`) marker stands for, built out for the npm side. */
export function expand(value) {
  if (Array.isArray(value)) return value.map(expand);
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.$num === 'string') return NUMBER_MARKS[value.$num];
  if (typeof value.$deep === 'number') {
    let out = expand(value.leaf ?? null);
    for (let i = 0; i < value.$deep; i++) out = value.wrap === 'object' ? { [value.key]: out } : [out];
    return out;
  }
  // Object.defineProperty keeps a `__proto__` key an own data property, as JSON.parse does.
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(out, k, { value: expand(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The npm ErrorResult options for the call's `options` (`requestId: null` → `false`). */
function resultOptions(o = {}) {
  const out = { requestId: o.requestId ?? false };
  for (const key of ['contract', 'aborted', 'redactSecrets', 'maskServerErrors', 'guidance']) {
    if (o[key] !== undefined) out[key] = o[key];
  }
  return out;
}

/** formatValidation's options: `{ tool, args?, schema?, input? }`. */
function validationOf(a) {
  const out = { tool: a.tool };
  for (const key of ['args', 'schema', 'input']) if (a[key] !== undefined) out[key] = a[key];
  return out;
}

/** An McpError as `{ code, message, data? }` (McpError::to_json's shape). */
const mcpJson = (e) =>
  JSON.stringify(
    e.data === undefined ? { code: e.code, message: e.message } : { code: e.code, message: e.message, data: e.data },
  );

/** Node's system code for each io::ErrorKind examples/parity.rs can build (src/api/std_error.rs maps them). */
const SYSTEM_CODES = {
  ConnectionRefused: 'ECONNREFUSED',
  ConnectionReset: 'ECONNRESET',
  BrokenPipe: 'EPIPE',
  TimedOut: 'ETIMEDOUT',
};

/** The thrown value a chain describes: `new Error(message, { cause })` links, a system code per io kind. */
export function thrownChain(chain) {
  let next;
  for (const link of [...chain].reverse()) {
    let error;
    if (link.mcp !== undefined) {
      error = new m.McpError(link.mcp, link.message, link.data);
    } else {
      error = next === undefined ? new Error(link.message) : new Error(link.message, { cause: next });
      if (link.io !== undefined && SYSTEM_CODES[link.io]) error.code = SYSTEM_CODES[link.io];
    }
    next = error;
  }
  return next;
}

/** What the npm `parseToolError` returns, without `raw`, its keys in its order. */
function parsedJson(p) {
  if (p === null) return null;
  const { raw, ...rest } = p;
  return JSON.stringify(rest);
}

/** One call through the npm package: the same text examples/parity.rs writes. */
export function npm(op, rawArgs) {
  const a = expand(rawArgs);
  switch (op) {
    case 'xml_tool_error': {
      const options = { message: a.message };
      if (a.suggestion !== undefined) options.suggestion = a.suggestion;
      if (a.availableActions !== undefined) options.availableActions = a.availableActions;
      if (a.details !== undefined) options.details = a.npmDetails ?? Object.fromEntries(a.details);
      if (a.retryAfter !== undefined) options.retryAfter = num(a.retryAfter);
      if (a.severity !== undefined) options.severity = a.severity;
      if (a.redactSecrets !== undefined) options.redactSecrets = a.redactSecrets;
      return JSON.stringify(m.toolError(a.code, options));
    }
    case 'xml_error':
      return JSON.stringify(a.code === undefined ? m.error(a.message) : m.error(a.message, a.code));
    case 'xml_required':
      return JSON.stringify(m.required(a.field));
    case 'xml_validation_error':
      return JSON.stringify(m.validationErrorResult(a.issues, a.action, a.sent));
    case 'format_validation':
      return mcpJson(m.formatValidation(a.issues, validationOf(a)));
    case 'rejection_result': {
      const error = m.formatValidation(a.issues, validationOf(a));
      return JSON.stringify(m.errorResult(error, resultOptions(a.options)));
    }
    case 'error_result': {
      const error = new m.McpError(a.error.code, a.error.message, a.error.data);
      return JSON.stringify(m.errorResult(error, resultOptions(a.options)));
    }
    case 'error_result_for':
      return JSON.stringify(m.errorResult(thrownChain(a.chain), resultOptions(a.options)));
    case 'xml_internal_error': {
      const where = { tool: a.tool };
      for (const key of ['action', 'redactSecrets', 'maskServerErrors']) if (a[key] !== undefined) where[key] = a[key];
      return JSON.stringify(m.internalError(thrownChain(a.chain), where));
    }
    case 'classify_error':
      return JSON.stringify(m.classify(thrownChain(a.chain)));
    case 'http_status':
      return JSON.stringify(m.httpStatusToErrorCode(a.status) ?? null);
    case 'check_contract':
    case 'check_contract_value':
      return JSON.stringify(m.checkContract(a.contract, a.tool === undefined ? undefined : { tool: a.tool }));
    case 'fail':
      return mcpJson(m.fail(a.contract, a.reason, a.message, a.data));
    case 'recovery_for':
      return JSON.stringify(m.recoveryFor(a.contract, a.reason));
    case 'capability_missing':
      try {
        return mcpJson(
          m.capabilityMissing(
            a.capability,
            a.fallbackHint === undefined ? undefined : { fallbackHint: a.fallbackHint },
          ),
        );
      } catch (e) {
        if (e instanceof TypeError) return null;
        throw e;
      }
    case 'read_tool_error':
      return parsedJson(m.parseToolError(a.result));
    case 'error_builder': {
      const b = m.errorBuilder(a.code, a.message);
      for (const [method, ...args] of a.chain) {
        if (method === 'retryAfter') b.retryAfter(num(args[0]));
        else b[method](...args);
      }
      return JSON.stringify(b.build());
    }
    case 'routing_error':
      return JSON.stringify(
        m.routingError(a.kind, { discriminator: a.discriminator, actions: a.actions, value: a.value }),
      );
    case 'route_action': {
      // The pipeline's routing: a routed call answers its action's name.
      const sent = a.sent;
      const kind =
        sent === undefined || sent === ''
          ? 'missing'
          : typeof sent !== 'string'
            ? 'invalid'
            : a.actions.includes(sent)
              ? undefined
              : 'unknown';
      if (kind === undefined) return JSON.stringify(sent);
      return JSON.stringify(m.routingError(kind, { discriminator: a.discriminator, actions: a.actions, value: sent }));
    }
    case 'group_unknown_action':
      return JSON.stringify(m.groupUnknownAction(a.group, a.action, a.actions));
    case 'group_validation_error':
      return JSON.stringify(m.groupValidationError(a.group, a.action, a.issues));
    case 'enrich_validation_error': {
      const options = { activeDeltas: new Map([[a.tool, { deltas: a.deltas }]]) };
      if (a.includeAllSeverities !== undefined) options.includeAllSeverities = a.includeAllSeverities;
      if (a.maxDeltasPerError !== undefined) options.maxDeltasPerError = num(a.maxDeltasPerError);
      const out = m.enrichValidationError(a.xml, a.tool, a.actionKey, options);
      return JSON.stringify({ xml: out.xml, injected: out.injected, deltaCount: out.deltaCount });
    }
    case 'log_record': {
      // Rust errors have no stack: the JS errors' are taken off.
      const thrown = thrownChain(a.chain);
      for (let e = thrown; e instanceof Error; e = e.cause) Object.defineProperty(e, 'stack', { value: undefined });
      const options = { tool: a.options.tool };
      for (const key of ['contract', 'aborted', 'phase', 'raw', 'scopeRefusal']) {
        if (a.options[key] !== undefined) options[key] = a.options[key];
      }
      return JSON.stringify(m.logRecord(thrown, options));
    }
    case 'format_deltas':
      return JSON.stringify(m.formatDeltasAsXml(a.deltas));
    case 'redact':
      // The package has no bare redact: the message errorResult sends is the masked text.
      return m.errorResult(new m.McpError(-32001, a.text), { requestId: false }).structuredContent.error.message;
    case 'prevalidate': {
      const options = {};
      for (const key of ['aliases', 'ignoreKeys', 'coerce', 'caseStyleAliases']) {
        if (a.options?.[key] !== undefined) options[key] = a.options[key];
      }
      if (a.rules !== undefined) options.validate = (candidate) => byRules(a.rules, a.args, candidate);
      return JSON.stringify(m.prevalidate(a.args, a.schema, options));
    }
    default:
      throw new Error(`unknown op ${op}`);
  }
}

/** Whether `value` is an object that is no list. */
const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value at `path` (string steps into objects, number steps into lists); undefined when absent. */
function valueAt(value, path) {
  let node = value;
  for (const step of path) {
    if (typeof step === 'string' && isRecord(node) && Object.hasOwn(node, step)) node = node[step];
    else if (
      typeof step === 'number' &&
      Array.isArray(node) &&
      Number.isInteger(step) &&
      step >= 0 &&
      step < node.length
    )
      node = node[step];
    else return undefined;
  }
  return node;
}

/**
 * A validator as data (examples/parity.rs's `by_rules`): each rule `{ when, key?, path?, issue }`
 * adds its issue when `when` holds for the candidate — `missing` / `present` (a root key),
 * `unchanged` (the value at `path` is the one sent), `always`.
 */
function byRules(rules, sent, candidate) {
  const has = (key) => isRecord(candidate) && typeof key === 'string' && Object.hasOwn(candidate, key);
  return rules
    .filter((rule) => {
      switch (rule.when) {
        case 'missing':
          return isRecord(candidate) && !has(rule.key);
        case 'present':
          return has(rule.key);
        case 'unchanged':
          return JSON.stringify(valueAt(candidate, rule.path ?? [])) === JSON.stringify(valueAt(sent, rule.path ?? []));
        case 'always':
          return true;
        default:
          return false;
      }
    })
    .map((rule) => rule.issue);
}

function show(value) {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 500 ? `${text.slice(0, 500)}… (${text.length} chars)` : text;
}

/**
 * The Rust side's answers to `calls` against `ours`, the npm package's answers to the
 * same calls already made (an async export cannot go through `compare`): each call whose
 * two answers differ, labelled by `label(call, i)`, with both answers.
 * @param {Array<{ op: string, args: unknown }>} calls
 * @param {string[]} ours
 * @param {(call: { op: string, args: unknown }, i: number) => string} label
 */
export function differing(calls, ours, label) {
  const theirs = rust(calls);
  const differences = [];
  calls.forEach((c, i) => {
    if (ours[i] !== theirs[i]) differences.push(`${label(c, i)}\n   npm ${show(ours[i])}\n  rust ${show(theirs[i])}`);
  });
  return differences;
}

/**
 * Runs every call both ways and compares the outputs byte for byte. Each call carries a
 * `label`, and may carry `known`: the reason its outputs are expected to differ (a bug
 * not fixed yet). Returns the unexpected differences, each with both outputs, and the
 * known differences that no longer differ.
 */
export function compare(calls) {
  const ours = calls.map((c) => npm(c.op, c.args));
  const theirs = rust(calls.map(({ op, args }) => ({ op, args })));
  const differences = [];
  const fixed = [];
  calls.forEach((c, i) => {
    const differ = ours[i] !== theirs[i];
    if (differ && c.known === undefined) {
      differences.push(`${c.label} (${c.op}):\n   npm ${show(ours[i])}\n  rust ${show(theirs[i])}`);
    } else if (!differ && c.known !== undefined) {
      fixed.push(`${c.label}: ${c.known}`);
    }
  });
  return { differences, fixed };
}

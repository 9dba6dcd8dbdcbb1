// Parity between the crate's Rust API and the npm package: every conformance vector
// (tests/conformance/*.json and tests/conformance-own/*.json) that the Rust API can
// express is replayed through both (js-tests/parity.mjs; the Rust side is
// examples/parity.rs) and the outputs must be the same bytes. Vectors the Rust API has
// no counterpart for are listed below with the reason, and the number of vectors
// compared per kind is asserted, so coverage cannot drop silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { compare } from './parity.mjs';

const load = (path) => JSON.parse(readFileSync(new URL(`../tests/${path}`, import.meta.url), 'utf8'));
const FILES = {
  fusion: load('conformance/fusion.json'),
  tscore: load('conformance/tscore.json'),
  fusionSource: load('conformance-own/fusion-source.json'),
  tscoreSource: load('conformance-own/tscore-source.json'),
  contractLint: load('conformance-own/tscore-contract-lint.json'),
  prevalidate: load('conformance-own/prevalidate-source.json'),
};

// --- what has no Rust counterpart, and why -------------------------------------------

/** Kinds replayed by no call: the npm operation (or the vector's input) has no Rust form. */
const NO_COUNTERPART = {
  'fusion fluent_tool': 'a returned ErrorBuilder serialised by JSON.stringify is JS-only',
  'tscore zodMessage': 'a thrown ZodError instance (its name and issues read off a JS object) is no Rust error',
  'tscore requestId': 'a fresh random id: no two runs, let alone two sides, write the same bytes',
};

/** Vectors of a replayed kind that are not representable in Rust, by id, with the reason. */
const NOT_REPRESENTABLE = {
  // classify: Rust errors are all read under the name Error (src/api/std_error.rs).
  c036: 'a SyntaxError: a JS constructor name',
  c038: 'a RangeError: a JS constructor name',
  c039: 'a RangeError: a JS constructor name',
  c041: 'an AbortError: a JS error name',
  c042: 'an AbortError: a JS error name',
  // handlerError: a plain Error whose fields cannot be read, or whose message is no string.
  c129: 'a message getter that throws',
  c130: 'a stack getter that throws',
  c132: 'a Symbol message',
  c133: 'a number message',
  c134: 'a message whose toString throws',
  c137: 'a BigInt in data',
};

// --- calls per vector ------------------------------------------------------------------

/** A Zod 3 schema from a vector's expression (MCP Fusion's Zod): its issues cross to both sides. */
const evaluate3 = (expression) => new Function('z', `return (${expression});`)(z3);

/** The calls of one MCP Fusion pipeline vector: routing, then what the routed action does. */
function pipelineCalls(input) {
  const { tool, actions, args } = input;
  const names = actions.map((a) => a.name);
  const { action: sent, ...rest } = args;
  const route = { op: 'route_action', args: { discriminator: 'action', actions: names } };
  if (sent !== undefined) route.args.sent = sent;
  const def = actions.find((a) => a.name === sent);
  if (def === undefined) return [route];
  if (def.schema) {
    const own = evaluate3(def.schema);
    const schema = (input.commonSchema ? evaluate3(input.commonSchema).merge(own) : own).strict();
    const issues = JSON.parse(JSON.stringify(schema.safeParse(rest).error.issues));
    return [route, { op: 'xml_validation_error', args: { action: `${tool}/${sent}`, issues, sent: rest } }];
  }
  // A thrown string is the message of a Rust error's Display; a thrown toolError is a JS object.
  if (typeof def.throws === 'string') {
    return [route, { op: 'xml_internal_error', args: { chain: [{ message: def.throws }], tool, action: sent } }];
  }
  if (def.returnsBuilder) {
    const { code, message, chain } = def.returnsBuilder;
    return [route, { op: 'error_builder', args: { code, message, chain } }];
  }
  return [];
}

/** Both of MCP Fusion's delta operations on one vector's deltas. */
function deltaCalls(xml, tool, actionKey, deltas, input) {
  const args = { xml, tool, actionKey, deltas: deltas ?? [] };
  if (input.includeAllSeverities !== undefined) args.includeAllSeverities = input.includeAllSeverities;
  if (input.maxDeltasPerError !== undefined) args.maxDeltasPerError = input.maxDeltasPerError;
  return [
    { op: 'enrich_validation_error', args },
    { op: 'format_deltas', args: { deltas: deltas ?? [] } },
  ];
}

const evaluate = (expression) => new Function('z', `return (${expression});`)(z);
const strictRoot = (schema) =>
  schema instanceof z.ZodObject && schema._zod.def.catchall === undefined ? schema.strict() : schema;
const jsonSchema = (schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const TEST_REQ_ID = 'test-req-id';

function toolErrorCall(code, options) {
  const args = { code, message: options.message };
  if (options.suggestion !== undefined) args.suggestion = options.suggestion;
  if (options.availableActions !== undefined) args.availableActions = options.availableActions;
  if (options.details !== undefined) args.details = Object.entries(options.details).map(([k, v]) => [k, String(v)]);
  if (options.retryAfter !== undefined) args.retryAfter = options.retryAfter;
  if (options.severity !== undefined) args.severity = options.severity;
  if (options.redactSecrets !== undefined) args.redactSecrets = options.redactSecrets;
  return { op: 'xml_tool_error', args };
}

const errorCall = (message, code) => ({ op: 'xml_error', args: code === undefined ? { message } : { message, code } });
const resultOf = (input) => input.response ?? { content: [{ type: 'text', text: input.text }], isError: input.isError };
const parseCall = (result) => ({ op: 'read_tool_error', args: { result } });

/** Both dialects' rejection of one validation vector: the McpError, and its result with and without an id. */
function rejectionCalls(tool, issues, args, schema, pre) {
  const base = { tool, issues };
  if (pre !== undefined) base.input = pre;
  if (args !== undefined) base.args = args;
  if (schema !== undefined) base.schema = schema;
  return [
    { op: 'format_validation', args: base },
    { op: 'rejection_result', args: { ...base, options: { requestId: TEST_REQ_ID } } },
    { op: 'rejection_result', args: { ...base, options: { requestId: null, guidance: true } } },
  ];
}

/** A contract the Rust ContractEntry holds: a list of objects of the declared field types. */
function typedContract(contract) {
  const text = (v) => typeof v === 'string';
  const optional = (v, type) => v === undefined || typeof v === type;
  return (
    Array.isArray(contract) &&
    contract.every(
      (e) =>
        e !== null &&
        typeof e === 'object' &&
        text(e.reason) &&
        Number.isInteger(e.code) &&
        text(e.when) &&
        text(e.recovery) &&
        optional(e.retryable, 'boolean') &&
        optional(e.severity, 'string') &&
        optional(e.thrownBy, 'string'),
    )
  );
}

/** The calls one vector replays, or undefined for a kind with no counterpart. */
function callsFor(file, v) {
  const { input, expected } = v;
  switch (`${file} ${v.kind ?? '-'}`) {
    case 'fusion toolError':
      return [toolErrorCall(input.code, input.options)];
    case 'fusion error':
    case 'fusionSource error':
      return [errorCall(input.message, input.code)];
    case 'fusion required':
      return [{ op: 'xml_required', args: { field: input.field } }];
    case 'fusion escape':
      return [toolErrorCall(input.text, { message: input.text })];
    case 'fusion validation':
      return [
        { op: 'xml_validation_error', args: { action: input.actionKey, issues: expected.issues, sent: input.args } },
      ];
    case 'fusion client_parse': {
      const calls = [parseCall(resultOf(input))];
      if (input.builtBy?.toolError)
        calls.push(toolErrorCall(input.builtBy.toolError.code, input.builtBy.toolError.options));
      if (input.builtBy?.error) calls.push(errorCall(input.builtBy.error.message, input.builtBy.error.code));
      return calls;
    }
    case 'fusionSource suggestion':
      // One issue: its <field> line is the suggestion; sent with and without arguments.
      return [
        { op: 'xml_validation_error', args: { action: 't/a', issues: [input.issue] } },
        { op: 'xml_validation_error', args: { action: 't', issues: [input.issue], sent: { x: 1 } } },
      ];
    case 'fusionSource validation':
      return [
        { op: 'xml_validation_error', args: { action: input.actionKey, issues: input.issues, sent: input.sentArgs } },
      ];
    case 'fusionSource parse':
      return [parseCall({ content: [{ type: 'text', text: input.text }], isError: true })];
    case 'fusionSource internal_error': {
      // Only a plain `new Error(<string literal>)` is a Rust error; the rest are JS values.
      const plain = /^new Error\('([^'\\]*)'\)$/.exec(input.thrown);
      if (!plain) return [];
      const chain = [{ message: plain[1] }];
      return [
        { op: 'xml_internal_error', args: { chain, tool: input.tool, action: input.action } },
        { op: 'xml_internal_error', args: { chain, tool: input.tool, maskServerErrors: true } },
      ];
    }
    case 'fusion builder':
      return [{ op: 'error_builder', args: { code: input.code, message: input.message, chain: input.chain } }];
    case 'fusion pipeline':
      return pipelineCalls(input);
    case 'fusion create_group': {
      const names = Object.keys(input.actions);
      const def = input.actions[input.action];
      if (def === undefined) {
        return [{ op: 'group_unknown_action', args: { group: input.name, action: input.action, actions: names } }];
      }
      const issues = JSON.parse(JSON.stringify(evaluate3(def.schema).safeParse(input.args).error.issues));
      return [{ op: 'group_validation_error', args: { group: input.name, action: input.action, issues } }];
    }
    case 'fusionSource group_validation':
      return [{ op: 'group_validation_error', args: input }];
    case 'fusion contract_awareness':
      return deltaCalls(input.originalError, input.toolName, input.actionKey, input.deltas, input);
    case 'fusionSource contract_awareness':
      return deltaCalls(input.xml, input.tool, input.action, input.deltas, input);
    case 'fusion deltas_xml':
    case 'fusionSource deltas_xml':
      return [{ op: 'format_deltas', args: { deltas: input.deltas } }];
    case 'tscore classify':
      return [{ op: 'classify_error', args: { chain: [{ message: input.message }] } }];
    case 'tscore httpStatus':
      return [{ op: 'http_status', args: { status: input } }];
    case 'tscore content': {
      const error = { code: input.code, message: input.message, data: input.data };
      return [
        { op: 'error_result', args: { error, options: { requestId: null } } },
        { op: 'error_result', args: { error, options: { requestId: TEST_REQ_ID, guidance: true } } },
      ];
    }
    case 'tscore validation': {
      let schema = evaluate(input.schema);
      if (input.rootStrictened === true) schema = strictRoot(schema);
      return rejectionCalls(input.tool, input.zodIssues, input.args, jsonSchema(schema));
    }
    case 'tscore validation-caps':
      return capsCalls(v);
    case 'tscore handlerError': {
      const options = { requestId: TEST_REQ_ID };
      if (input.mcp) return [{ op: 'error_result', args: { error: input.mcp, options } }];
      return [{ op: 'error_result_for', args: { chain: [{ message: input.error.message }], options } }];
    }
    case 'tscoreSource logCategory': {
      const chain = [{ mcp: input.code, message: 'upstream failed', data: input.data }];
      return [
        { op: 'log_record', args: { chain, options: { tool: 'search' } } },
        { op: 'log_record', args: { chain, options: { tool: 'search', raw: true, phase: 'fetch' } } },
      ];
    }
    case 'tscoreSource validation':
      return rejectionCalls(input.tool, input.issues, input.args, input.jsonSchema, input.input);
    case 'contractLint lint': {
      const calls = [];
      if (typedContract(input.contract))
        calls.push({ op: 'check_contract', args: { contract: input.contract, tool: input.tool } });
      calls.push({ op: 'check_contract_value', args: { contract: input.contract, tool: input.tool } });
      return calls;
    }
    case 'contractLint capability':
      return [{ op: 'capability_missing', args: input }];
    case 'prevalidate -':
      return prevalidateCalls(v);
    default:
      return undefined;
  }
}

/** The validation-caps placeholders, rebuilt as js-tests/jsonrpc.test.mjs rebuilds them. */
function capsCalls(v) {
  const RECORDS_SEARCH = 'z.object({ query: z.string(), items: z.array(z.string()).optional() })';
  const reject = (tool, issues, args, schema, pre) =>
    rejectionCalls(tool, issues, args, schema && jsonSchema(schema), pre);
  switch (v.id) {
    case 'c123': {
      const args = { query: 'x', items: Array(50000).fill(true) };
      return reject(
        'records_search',
        evaluate(RECORDS_SEARCH).safeParse(args).error.issues,
        args,
        evaluate(RECORDS_SEARCH),
      );
    }
    case 'c124': {
      const keys = Array.from({ length: 1000 }, (_, i) => String(i).padEnd(200, 'm'));
      const args = { query: 'x', ...Object.fromEntries(keys.map((k) => [k, 1])) };
      const schema = evaluate(RECORDS_SEARCH).strict();
      return reject('records_search', schema.safeParse(args).error.issues, args, schema);
    }
    case 'c125': {
      const args = { query: 'x', ['k'.repeat(200000)]: 1 };
      const schema = evaluate(RECORDS_SEARCH).strict();
      return reject('records_search', schema.safeParse(args).error.issues, args, schema);
    }
    case 'c126': {
      const payload = Object.fromEntries(Array.from({ length: 10000 }, (_, i) => [`k${i}`, i]));
      payload['q'.repeat(100000)] = 1;
      const schema = z.object({
        payload: z
          .unknown()
          .superRefine((value, ctx) => ctx.addIssue({ code: 'custom', params: value, message: 'Invalid input' })),
      });
      const args = { payload };
      return reject('records_echoes', schema.safeParse(args).error.issues, args);
    }
    case 'c128': {
      const schema = evaluate(RECORDS_SEARCH);
      const args = { query: true };
      const pre = {
        aliased: [{ alias: `Q${'_'.repeat(5000)}uery`, target: 'query' }],
        ignored: [`_${'v'.repeat(5000)}`],
      };
      return reject('records_search', schema.safeParse(args).error.issues, args, schema, pre);
    }
    default:
      throw new Error(`${v.id}: no rebuild for this placeholder`);
  }
}

/**
 * The prevalidate calls for one protocol-level vector of prevalidate-source.json, with a
 * validator written as rules both sides run (js-tests/parity.mjs's `byRules`):
 * - prevalidateKeys: the arguments are the keys sent, each holding `v<i>` (the
 *   discriminator its tag); called without a validator, then with one that rejects a
 *   missing required key and, for a closed root, each undeclared key sent.
 * - prevalidateRepair: the vector's arguments; each of its issues stands while the
 *   value at its path is the one sent; with and without `coerce`.
 * - prevalidateHeld: arguments holding an integer at each repair's path (rejected
 *   there as not a string while unchanged) and the vector's issues always.
 */
function prevalidateCalls(v) {
  const r = v.request;
  switch (v.op) {
    case 'prevalidateKeys': {
      const options = { caseStyleAliases: r.caseStyle };
      if (r.aliases !== undefined) options.aliases = r.aliases;
      if (r.ignoreOff) options.ignoreKeys = false;
      else if (r.ignoreKeys !== undefined) options.ignoreKeys = r.ignoreKeys;
      const variants = r.schema.oneOf ?? r.schema.anyOf ?? [r.schema];
      const tagged = new Set(
        variants.flatMap((o) =>
          Object.entries(o.properties ?? {})
            .filter(([, p]) => 'const' in p)
            .map(([k]) => k),
        ),
      );
      const args = {};
      r.keys.forEach((key, i) => {
        const value = r.tag !== undefined && tagged.has(key) ? r.tag : `v${i}`;
        Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
      });
      const declared = Object.keys(r.schema.properties ?? {});
      const rules = (r.schema.required ?? []).map((key) => ({
        when: 'missing',
        key,
        issue: {
          expected: 'string',
          code: 'invalid_type',
          path: [key],
          message: 'Invalid input: expected string, received undefined',
        },
      }));
      if (r.schema.additionalProperties === false) {
        for (const key of r.keys.filter((k) => !declared.includes(k))) {
          rules.push({
            when: 'present',
            key,
            issue: { code: 'unrecognized_keys', keys: [key], path: [], message: `Unrecognized key: "${key}"` },
          });
        }
      }
      const base = { args, schema: r.schema, options };
      return [
        { op: 'prevalidate', args: base },
        { op: 'prevalidate', args: { ...base, rules } },
      ];
    }
    case 'prevalidateRepair': {
      const rules = r.issues.map((issue) => ({ when: 'unchanged', path: issue.path, issue }));
      const base = { args: r.args, schema: r.schema ?? {}, rules };
      return [
        { op: 'prevalidate', args: base },
        { op: 'prevalidate', args: { ...base, options: { coerce: false } } },
      ];
    }
    case 'prevalidateHeld': {
      const args = {};
      const rules = [];
      r.paths.forEach((path, i) => {
        let node = args;
        path.forEach((step, d) => {
          if (d === path.length - 1) node[step] = i + 1;
          else node = node[step] ??= typeof path[d + 1] === 'number' ? [] : {};
        });
        rules.push({
          when: 'unchanged',
          path,
          issue: {
            expected: 'string',
            code: 'invalid_type',
            path,
            message: 'Invalid input: expected string, received number',
          },
        });
      });
      for (const issue of r.issues) rules.push({ when: 'always', issue });
      const base = { args, schema: {}, rules };
      return [
        { op: 'prevalidate', args: base },
        { op: 'prevalidate', args: { ...base, options: { coerce: false } } },
      ];
    }
    default:
      throw new Error(`${v.id}: no prevalidate replay for op ${v.op}`);
  }
}

// --- the replay ----------------------------------------------------------------------------

/** Vectors compared per `<file> <kind>`: a drop (or a new vector) fails the test. */
const EXPECTED = {
  'fusion toolError': 20,
  'fusion error': 3,
  'fusion required': 3,
  'fusion escape': 1,
  'fusion validation': 16,
  'fusion client_parse': 9,
  'fusion builder': 16,
  'fusion pipeline': 11,
  'fusion create_group': 2,
  'fusion contract_awareness': 7,
  'fusion deltas_xml': 3,
  'fusionSource group_validation': 1,
  'fusionSource contract_awareness': 1,
  'fusionSource deltas_xml': 1,
  'fusionSource suggestion': 126,
  'fusionSource validation': 8,
  'fusionSource error': 2,
  'fusionSource parse': 6,
  'fusionSource internal_error': 2,
  'tscore classify': 31,
  'tscore httpStatus': 8,
  'tscore content': 12,
  'tscore validation': 37,
  'tscore validation-caps': 5,
  'tscore handlerError': 1,
  'tscoreSource validation': 35,
  'tscoreSource logCategory': 3,
  'contractLint lint': 19,
  'contractLint capability': 3,
  'prevalidate -': 27,
};

test('every conformance vector the Rust API can express writes the same bytes through both', () => {
  const calls = [];
  const compared = {};
  const skipped = {};
  for (const [file, list] of Object.entries(FILES)) {
    for (const v of list) {
      const kind = `${file} ${v.kind ?? '-'}`;
      if (NOT_REPRESENTABLE[v.id] !== undefined && file === 'tscore') {
        skipped[kind] = (skipped[kind] ?? 0) + 1;
        continue;
      }
      const made = callsFor(file, v);
      if (made === undefined) {
        assert.ok(NO_COUNTERPART[kind], `${kind}: neither replayed nor listed as having no counterpart`);
        skipped[kind] = (skipped[kind] ?? 0) + 1;
        continue;
      }
      if (made.length === 0) {
        skipped[kind] = (skipped[kind] ?? 0) + 1;
        continue;
      }
      compared[kind] = (compared[kind] ?? 0) + 1;
      made.forEach((c, i) =>
        calls.push({ ...c, label: `${file} #${v.id} ${v.kind}${made.length > 1 ? ` call ${i}` : ''}` }),
      );
    }
  }
  console.log(`parity: ${calls.length} calls from ${Object.values(compared).reduce((a, b) => a + b, 0)} vectors`);
  console.log('parity: not compared', skipped);
  assert.deepEqual(compared, EXPECTED, 'vectors compared per kind');
  assert.deepEqual(compare(calls), { differences: [], fixed: [] });
});

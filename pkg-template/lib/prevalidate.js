// Pre-validation (mcp-ts-core's ordered repair of a tool call's arguments): the key
// stages before the parse (client keys dropped, aliases moved to their target) and,
// only after the schema rejected the arguments, the value repairs, each kept only when
// the schema then accepts the arguments. The core decides everything from bounded
// copies and answers with positions and paths; this module moves the caller's own
// values accordingly, so a value the stages did not touch is the caller's, never a
// copy. Containers on a repaired path are rebuilt (their entries read once more); a
// read that throws, or a container too large to rebuild within the copy's caps,
// leaves the arguments as sent.

import * as abi from './abi.js';
import {
  COPY_ARGS,
  COPY_AUTHORED,
  COPY_NODE_BUDGET,
  COPY_OTHER_ISSUE,
  COPY_UNIT_BUDGET,
  PREVALIDATE_ISSUES,
  PREVALIDATE_ROOT_KEYS,
} from './constants.js';
import { copyBudget, copyJson, copyJsonBytes, JsonCopier, reachOf } from './copy.js';
import { holding } from './json-out.js';
import { readOptions, schemaCrossing } from './jsonrpc.js';
import { argumentError, listEntry, listLength, READ_THREW, readOnce } from './read.js';
import { sourceIssue } from './sources.js';

const KEYS = Object.freeze({ ...COPY_OTHER_ISSUE, depth: 2, entries: PREVALIDATE_ROOT_KEYS, strings: true });
const ARGS = Object.freeze({ ...COPY_ARGS, strings: true });
const AUTHORED = Object.freeze({ ...COPY_AUTHORED, strings: true });
const ISSUE = Object.freeze({ ...COPY_OTHER_ISSUE, strings: true });

/** A fresh budget for one crossing. */
function budget() {
  return copyBudget(COPY_NODE_BUDGET, COPY_UNIT_BUDGET);
}

/** @typedef {import('../wasm/mcp_envelope.js').PreValidationInput} Report */
/** @typedef {{ value: unknown } | { issues: unknown[] } | typeof THREW} Verdict */

/** A validation that threw: its repair is discarded (the first parse's throw is the caller's). */
const THREW = Symbol('threw');

/** @returns {Report} */
function emptyReport() {
  return { aliased: [], ignored: [] };
}

/**
 * A tool's pre-validation, prepared once: its options crossed, its schema's plan read.
 * @typedef {{ schema: unknown, schemaJson: string | undefined, aliases: string | undefined,
 *   ignoreKeys: string | undefined, ignoreOff: boolean, caseStyle: boolean, coerce: boolean,
 *   inert: boolean, declared: Set<string> | null, discriminator: string | null }} Prepared
 */

/**
 * Reads and checks pre-validation's options (each read once).
 * @param {unknown} options
 * @param {string} fn
 * @param {string} where how the options are named in an error (`options`, `config.prevalidate`)
 */
export function readPrevalidateOptions(options, fn, where) {
  if (options === undefined)
    return {
      aliases: undefined,
      ignoreKeys: undefined,
      coerce: undefined,
      caseStyleAliases: undefined,
      validate: undefined,
    };
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw argumentError(fn, where, 'an object', options);
  }
  const read = readOptions(options, fn, ['aliases', 'ignoreKeys', 'coerce', 'caseStyleAliases', 'validate']);
  const { aliases, ignoreKeys, coerce, caseStyleAliases, validate } = read;
  if (aliases !== undefined && (aliases === null || typeof aliases !== 'object' || Array.isArray(aliases))) {
    throw argumentError(fn, `${where}.aliases`, 'an object of alias → declared key', aliases);
  }
  if (ignoreKeys !== undefined && ignoreKeys !== false && !Array.isArray(ignoreKeys)) {
    throw argumentError(fn, `${where}.ignoreKeys`, 'a list of keys or false', ignoreKeys);
  }
  for (const [name, value] of /** @type {const} */ ([
    ['coerce', coerce],
    ['caseStyleAliases', caseStyleAliases],
  ])) {
    if (value !== undefined && typeof value !== 'boolean')
      throw argumentError(fn, `${where}.${name}`, 'a boolean', value);
  }
  if (validate !== undefined && typeof validate !== 'function') {
    throw argumentError(fn, `${where}.validate`, 'a function', validate);
  }
  return read;
}

/**
 * @param {unknown} schema the tool's input JSON Schema (undefined: no key stage, no `null` deletion)
 * @param {{ aliases?: unknown, ignoreKeys?: unknown, coerce?: unknown, caseStyleAliases?: unknown }} options read by readPrevalidateOptions
 * @returns {Prepared}
 */
export function preparePrevalidation(schema, options) {
  const schemaJson = schema === undefined ? undefined : schemaCrossing(schema);
  const aliases = options.aliases === undefined ? undefined : copyJson(options.aliases, AUTHORED, budget());
  const ignoreOff = options.ignoreKeys === false;
  const ignoreKeys = Array.isArray(options.ignoreKeys) ? copyJson(options.ignoreKeys, AUTHORED, budget()) : undefined;
  const caseStyle = options.caseStyleAliases !== false;
  const plan =
    schemaJson === undefined
      ? { inert: true, declared: null, discriminator: null }
      : abi.prevalidatePlan({ schema: schemaJson, aliases, ignoreOff, caseStyle });
  return {
    schema,
    schemaJson,
    aliases,
    ignoreKeys,
    ignoreOff,
    caseStyle,
    coerce: options.coerce !== false,
    inert: plan.inert,
    declared: plan.declared === null ? null : new Set(plan.declared),
    discriminator: plan.discriminator,
  };
}

/**
 * Whether `value` is an object whose keys the stages may move (not a list, not a revoked Proxy).
 * @param {unknown} value
 * @returns {value is object}
 */
function isRecord(value) {
  if (value === null || typeof value !== 'object') return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * One ordering of the key stages, applied: the arguments to parse and what it changed.
 * @typedef {{ args: unknown, report: Report }} KeyAttempt
 */

/**
 * The key stages over `args`: the drop-first attempt, and the alias-first retry when
 * the core offers one. The arguments are the caller's own object when nothing applied.
 * @param {unknown} args
 * @param {Prepared} prepared
 * @returns {{ first: KeyAttempt, retry: KeyAttempt | undefined }}
 */
export function keyStages(args, prepared) {
  const untouched = { first: { args, report: emptyReport() }, retry: undefined };
  if (prepared.inert || prepared.schemaJson === undefined || !isRecord(args)) return untouched;
  let keys;
  try {
    keys = Object.keys(args);
  } catch {
    return untouched;
  }
  if (keys.length > PREVALIDATE_ROOT_KEYS) return untouched;
  const declared = prepared.declared;
  if (declared !== null && keys.every((key) => declared.has(key))) return untouched;
  /** @type {Map<number, unknown>} each value read once */
  const values = new Map();
  /** @param {number} i */
  const valueOf = (i) => {
    if (!values.has(i)) values.set(i, readOnce(args, keys[i]));
    return values.get(i);
  };
  let tag;
  const discriminator = prepared.discriminator;
  if (discriminator !== null) {
    const at = keys.indexOf(discriminator);
    const value = at < 0 ? undefined : valueOf(at);
    if (at >= 0 && value !== READ_THREW && value !== undefined) tag = copyJson(value, AUTHORED, budget());
  }
  /** @type {number[]} */
  const sizes = [];
  const keysJson = copyJson(keys, KEYS, budget(), { sizes });
  /** @type {number[]} */
  const cutKeys = [];
  // Each record: size, kind, depth (1), the key's position.
  for (let i = 0; i + 3 < sizes.length; i += 4) cutKeys.push(sizes[i + 3]);
  const reply = abi.prevalidateKeys({
    keys: keysJson,
    cutKeys: Uint32Array.from(cutKeys),
    schema: prepared.schemaJson,
    tag,
    aliases: prepared.aliases,
    ignoreKeys: prepared.ignoreKeys,
    ignoreOff: prepared.ignoreOff,
    caseStyle: prepared.caseStyle,
  });
  /** @param {typeof reply.first} attempt @returns {KeyAttempt} */
  const applied = (attempt) => {
    let moved = args;
    if (attempt.entries !== null) {
      const out = {};
      for (const [i, name] of attempt.entries) {
        const value = valueOf(i);
        // A value that cannot be read cannot be moved: the arguments stay as sent.
        if (value === READ_THREW) return { args, report: emptyReport() };
        Object.defineProperty(out, name ?? keys[i], { value, enumerable: true, writable: true, configurable: true });
      }
      moved = out;
    }
    /** @type {Report} */
    const report = {
      aliased: attempt.aliased.map(([i, target]) => ({ alias: keys[i], target })),
      ignored: attempt.ignored.map((i) => keys[i]),
    };
    if (attempt.collisions.length > 0) {
      report.collisions = attempt.collisions.map(({ target, keys: at }) => ({ target, keys: at.map((i) => keys[i]) }));
    }
    return { args: moved, report };
  };
  return { first: applied(reply.first), retry: reply.retry === null ? undefined : applied(reply.retry) };
}

// ---------------------------------------------------------------------------------
// The value repairs.

/**
 * The issues as the repairs read them: the first PREVALIDATE_ISSUES, another
 * validator's as its reader makes them, and every key and index their paths name.
 * @param {unknown} issues
 * @param {unknown} args
 * @param {unknown} schema
 */
function repairIssues(issues, args, schema) {
  const total = listLength(issues) ?? 0;
  /** @type {Array<string | number | boolean>} */
  const seen = [];
  const copier = new JsonCopier(budget(), undefined, seen, undefined);
  copier.append('[');
  for (let i = 0; i < Math.min(total, PREVALIDATE_ISSUES); i++) {
    if (i > 0) copier.append(',');
    copier.copy(sourceIssue(listEntry(issues, i), args, schema), ISSUE, []);
  }
  copier.append(']');
  return { json: copier.bytes(), seen };
}

/**
 * The core's candidates for arguments `args` the schema rejected with `issues`.
 * @param {unknown} args
 * @param {unknown} issues
 * @param {Prepared} prepared
 */
function candidates(args, issues, prepared) {
  // The copies are written in place and cross in the same call.
  return holding(() => {
    const crossing = repairIssues(issues, args, prepared.schema);
    const only = reachOf(crossing.seen, ARGS.depth);
    /** @type {number[]} */
    const sizes = [];
    const argsJson = copyJsonBytes(args, ARGS, budget(), only === null ? { sizes } : { sizes, only });
    return abi.prevalidateRepair({
      args: argsJson,
      argSizes: Uint32Array.from(sizes),
      issues: crossing.json,
      schema: prepared.schemaJson,
    });
  });
}

/** @typedef {{ path: Array<string | number>, kind: string, value?: unknown }} Edit */

/** What `applyEdits` answers when an edit cannot be written. */
const UNWRITABLE = Symbol('unwritable');

/**
 * `args` with `edits` written: each container on an edited path rebuilt (an array as an
 * array, anything else as a plain object of its own enumerable keys), every other value
 * the caller's own. UNWRITABLE when a read throws, a path no longer holds what the
 * core saw, or a container exceeds the copy's caps.
 * @param {unknown} args
 * @param {Edit[]} edits
 * @returns {unknown}
 */
export function applyEdits(args, edits) {
  /** @typedef {{ edit?: Edit, children?: Map<string | number, Node> }} Node */
  /** @type {Node} */
  const root = {};
  for (const edit of edits) {
    let node = root;
    for (const step of edit.path) {
      node.children ??= new Map();
      let child = node.children.get(step);
      if (child === undefined) {
        child = {};
        node.children.set(step, child);
      }
      node = child;
    }
    node.edit ??= edit;
  }
  try {
    return write(args, root);
  } catch {
    return UNWRITABLE;
  }
}

/**
 * @param {unknown} value
 * @param {{ edit?: Edit, children?: Map<string | number, any> }} node
 * @returns {unknown}
 */
function write(value, node) {
  if (node.edit !== undefined) return node.edit.value;
  const children = node.children;
  if (children === undefined) return value;
  if (value === null || typeof value !== 'object') throw UNWRITABLE;
  if (Array.isArray(value)) {
    const length = value.length;
    if (!(length <= ARGS.entries)) throw UNWRITABLE;
    const copy = new Array(length);
    for (let i = 0; i < length; i++) {
      const child = children.get(i);
      copy[i] = child === undefined ? value[i] : write(value[i], child);
    }
    for (const step of children.keys()) if (typeof step !== 'number' || step >= length) throw UNWRITABLE;
    return copy;
  }
  const record = /** @type {Record<string, unknown>} */ (value);
  const keys = Object.keys(record);
  if (keys.length > ARGS.entries) throw UNWRITABLE;
  /** @type {Record<string, unknown>} */
  const copy = {};
  let found = 0;
  for (const key of keys) {
    const child = children.get(key);
    if (child === undefined) {
      Object.defineProperty(copy, key, { value: record[key], enumerable: true, writable: true, configurable: true });
      continue;
    }
    found += 1;
    // A repair without a value deletes its key (null sent for an optional field).
    if (child.edit !== undefined && !('value' in child.edit)) continue;
    Object.defineProperty(copy, key, {
      value: write(record[key], child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  if (found !== children.size) throw UNWRITABLE;
  return copy;
}

/**
 * Repairs one attempt's arguments, which the schema rejected, and re-parses (a
 * generator: it yields arguments to validate and receives the verdict). The as-sent
 * repair is parsed first, then the full one, then the full one without the as-sent
 * repairs it added; the first accepted wins. Otherwise the rejection: the re-parse
 * when every repair held, the first parse when none did, else a parse with only the
 * held repairs (the first parse again when that one validates).
 * @param {unknown} args
 * @param {unknown[]} issues
 * @param {Prepared} prepared
 * @returns {Generator<{ args: unknown, first: boolean }, { value: unknown } | { args: unknown, issues: unknown[] }, Verdict>}
 */
function* repairAttempt(args, issues, prepared) {
  const asSent = { args, issues };
  if (!prepared.coerce) return asSent;
  const c = candidates(args, issues, prepared);
  /** @type {Verdict | undefined} */
  let original;
  if (c.asSent.length > 0) {
    const repaired = applyEdits(args, c.asSent);
    if (repaired !== UNWRITABLE) {
      original = yield { args: repaired, first: false };
      if (original !== THREW && 'value' in original) return original;
    }
  }
  if (c.full.length === 0) return asSent;
  const fullArgs = applyEdits(args, c.full);
  if (fullArgs === UNWRITABLE) return asSent;
  const retried = c.fullIsAsSent && original !== undefined ? original : yield { args: fullArgs, first: false };
  if (retried !== THREW && 'value' in retried) return retried;
  if (c.unaided.length > 0) {
    const unaided = applyEdits(args, c.unaided);
    if (unaided !== UNWRITABLE) {
      const verdict = yield { args: unaided, first: false };
      if (verdict !== THREW && 'value' in verdict) return verdict;
    }
  }
  if (retried === THREW) return asSent;
  const held = holding(() => {
    const again = repairIssues(retried.issues, fullArgs, prepared.schema);
    return abi.prevalidateHeld({ paths: JSON.stringify(c.full.map((e) => e.path)), issues: again.json });
  });
  if (held.length === c.full.length) return { args: fullArgs, issues: retried.issues };
  if (held.length === 0) return asSent;
  const reported = applyEdits(
    args,
    held.map((i) => c.full[i]),
  );
  if (reported === UNWRITABLE) return asSent;
  const verdict = yield { args: reported, first: false };
  return verdict === THREW || 'value' in verdict ? asSent : { args: reported, issues: verdict.issues };
}

/**
 * The whole step (a generator, see `drive`): the key stages, the parse, the repairs,
 * the alias-first retry. Its result is the value the schema accepted, or the
 * rejection: the issues, the arguments they describe and what the key stages changed.
 * @param {unknown} args
 * @param {Prepared} prepared
 * @returns {Generator<{ args: unknown, first: boolean }, { value: unknown, args: unknown } | { args: unknown, issues: unknown[], report: Report }, Verdict>}
 */
export function* prevalidationSteps(args, prepared) {
  const { first, retry } = keyStages(args, prepared);
  const verdict = yield { args: first.args, first: true };
  if (verdict !== THREW && 'value' in verdict) return { value: verdict.value, args: first.args };
  const issues = verdict === THREW ? [] : verdict.issues;
  let failed = yield* repairAttempt(first.args, issues, prepared);
  if ('value' in failed) return { value: failed.value, args: first.args };
  let report = first.report;
  if (retry !== undefined) {
    const again = yield { args: retry.args, first: false };
    const repaired =
      again === THREW
        ? { args: retry.args, issues: [] }
        : 'value' in again
          ? again
          : yield* repairAttempt(retry.args, again.issues, prepared);
    if ('value' in repaired) return { value: repaired.value, args: retry.args };
    if (again !== THREW) {
      failed = repaired;
      report = retry.report;
    }
  }
  return { args: failed.args, issues: failed.issues, report };
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
 * Runs `steps`, validating each arguments it yields with `validate` (`{ value }` or
 * `{ issues }`, or a Promise of one): synchronously while `validate` answers at once,
 * then asynchronously. A throw of the first validation is the caller's; one of a
 * repaired parse discards that repair.
 * @template T
 * @param {Generator<{ args: unknown, first: boolean }, T, Verdict>} steps
 * @param {(args: unknown) => unknown} validate
 * @returns {T | Promise<T>}
 */
export function drive(steps, validate) {
  /** @type {Verdict | undefined} */
  let input;
  for (;;) {
    const step = steps.next(/** @type {Verdict} */ (input));
    if (step.done) return step.value;
    let out;
    try {
      out = validate(step.value.args);
    } catch (thrown) {
      if (step.value.first) throw thrown;
      input = THREW;
      continue;
    }
    if (isThenable(out)) return driveAsync(steps, out, step.value.first, validate);
    input = /** @type {Verdict} */ (out);
  }
}

/**
 * @template T
 * @param {Generator<{ args: unknown, first: boolean }, T, Verdict>} steps
 * @param {PromiseLike<unknown>} pending
 * @param {boolean} first
 * @param {(args: unknown) => unknown} validate
 * @returns {Promise<T>}
 */
async function driveAsync(steps, pending, first, validate) {
  /** @type {Verdict} */
  let input;
  try {
    input = /** @type {Verdict} */ (await pending);
  } catch (thrown) {
    if (first) throw thrown;
    input = THREW;
  }
  for (;;) {
    const step = steps.next(input);
    if (step.done) return step.value;
    try {
      input = /** @type {Verdict} */ (await validate(step.value.args));
    } catch (thrown) {
      if (step.value.first) throw thrown;
      input = THREW;
    }
  }
}

/**
 * A validator's answer as a verdict: a non-empty list of issues rejects, anything else accepts `args`.
 * @param {unknown} issues
 * @param {unknown} args
 * @returns {Verdict}
 */
function verdictOf(issues, args) {
  return Array.isArray(issues) && issues.length > 0 ? { issues } : { value: args };
}

/**
 * Pre-validation: `{ args, report }`, the arguments after the key stages (client keys
 * dropped, aliases moved to their target) and what they changed, as `formatValidation`'s
 * `input` takes it. With `options.validate` (`(args) => issues | null | undefined`, or a
 * Promise of one), the whole step runs: the key stages, the parse, and only after a
 * rejection the value repairs and a parse of each, then the alias-first retry;
 * `issues` is then the rejection's (absent when the arguments validate).
 * @param {unknown} args
 * @param {unknown} inputSchema the tool's input JSON Schema
 * @param {unknown} [options]
 */
export function prevalidate(args, inputSchema, options) {
  if (inputSchema === null || typeof inputSchema !== 'object' || Array.isArray(inputSchema)) {
    throw argumentError('prevalidate', 'inputSchema', 'a JSON Schema object', inputSchema);
  }
  const read = readPrevalidateOptions(options, 'prevalidate', 'options');
  const prepared = preparePrevalidation(inputSchema, read);
  const validate = read.validate;
  if (validate === undefined) {
    const { first } = keyStages(args, prepared);
    return { args: first.args, report: first.report };
  }
  /** @param {any} outcome */
  const answer = (outcome) => ('value' in outcome ? { args: outcome.value, report: emptyReport() } : outcome);
  const outcome = drive(prevalidationSteps(args, prepared), (candidate) => {
    const issues = validate(candidate);
    return isThenable(issues)
      ? Promise.resolve(issues).then((i) => verdictOf(i, candidate))
      : verdictOf(issues, candidate);
  });
  return isThenable(outcome) ? Promise.resolve(outcome).then(answer) : answer(outcome);
}

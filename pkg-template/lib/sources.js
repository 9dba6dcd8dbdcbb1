// Issues of validators other than Zod, read once: each Valibot issue, ArkType error,
// Ajv error, @cfworker/json-schema output unit or other Standard Schema issue becomes a
// plain object of the fields that describe the schema (never the ones that hold what was
// sent: `input`, `received`, `data`, `actual`, or a message built from them), marked with
// SOURCE_KEY for the core, which reads it as the Zod 4 issue for the same mistake
// (src/source/). A Zod issue, or anything else, is returned as it is.

import {
  SOURCE_AJV,
  SOURCE_ARKTYPE,
  SOURCE_DEPTH,
  SOURCE_KEY,
  SOURCE_NESTED,
  SOURCE_PATH,
  SOURCE_STANDARD,
  SOURCE_VALIBOT,
} from './constants.js';
import { COPY_LIMITS } from './copy.js';
import { listEntry, listLength, READ_THREW, readOnce } from './read.js';

const VALIBOT_KINDS = new Set(['schema', 'validation', 'transformation']);

/**
 * `issue` as the core reads it: a plain marked object for another validator's issue,
 * else `issue` itself. `args`: the arguments that failed (undefined when not given),
 * read only at a Standard Schema issue's path, to tell whether its message repeats
 * what was sent there. `schema`: the tool's JSON Schema, where an @cfworker/json-schema
 * unit's keyword is looked up (its units name the keyword, not its value).
 * @param {unknown} issue
 * @param {unknown} args
 * @param {unknown} [schema]
 * @returns {unknown}
 */
export function sourceIssue(issue, args, schema) {
  return adapt(issue, args, 0, schema) ?? issue;
}

/**
 * @param {unknown} issue
 * @param {unknown} args
 * @param {number} depth
 * @param {unknown} [schema]
 * @returns {object | undefined}
 */
function adapt(issue, args, depth, schema) {
  if (issue === null || typeof issue !== 'object') return undefined;
  // Each field is read once: the ones read to tell the shape are handed on, and a Zod
  // issue (it has a `code`, found without reading it) is left to the copier to read.
  if (readOnce(issue, ' arkKind') === 'error') return arktype(issue, args, depth);
  try {
    if ('code' in issue) return undefined;
    if ('instancePath' in issue) return ajv(issue);
    if ('keywordLocation' in issue) return cfworker(issue, schema);
  } catch {
    return undefined;
  }
  const kind = readOnce(issue, 'kind');
  if (VALIBOT_KINDS.has(kind)) {
    const type = readOnce(issue, 'type');
    return typeof type === 'string' ? valibot(issue, kind, type, args, depth) : undefined;
  }
  const message = readOnce(issue, 'message');
  if (typeof message !== 'string') return undefined;
  const path = keys(readOnce(issue, 'path'));
  const sent = sentAt(args, path.keys);
  return { [SOURCE_KEY]: SOURCE_STANDARD, message, path: path.keys, ...(sent === undefined ? {} : { sent }) };
}

/**
 * A Valibot issue: kind, type, expected, a bound (a number, or a RegExp as it prints),
 * the path's keys and the last segment's origin, nested issues.
 * @param {object} issue
 * @param {string} kind
 * @param {string} type
 * @param {unknown} args
 * @param {number} depth
 */
function valibot(issue, kind, type, args, depth) {
  const path = keys(readOnce(issue, 'path'));
  const expected = readOnce(issue, 'expected');
  const out = {
    [SOURCE_KEY]: SOURCE_VALIBOT,
    kind,
    type,
    expected: typeof expected === 'string' ? expected : null,
    requirement: bound(readOnce(issue, 'requirement')),
    path: path.keys,
    pathOrigin: path.origin,
    issues: nested(readOnce(issue, 'issues'), args, depth),
  };
  return out;
}

/**
 * An ArkType error: its code, path, and the fields its code describes the schema with
 * (its prototype's getters included).
 * @param {object} error
 * @param {unknown} args
 * @param {number} depth
 */
function arktype(error, args, depth) {
  const code = readOnce(error, 'code');
  const proto = readOnce(error, 'proto');
  const unit = readOnce(error, 'unit');
  const out = {
    [SOURCE_KEY]: SOURCE_ARKTYPE,
    code: typeof code === 'string' ? code : null,
    path: keys(readOnce(error, 'path')).keys,
    domain: stringOr(readOnce(error, 'domain')),
    proto: typeof proto === 'function' ? stringOr(readOnce(proto, 'name')) : null,
    missing: stringOr(readOnce(error, 'missingValueDescription')),
    unit: unit === null || ['string', 'number', 'boolean'].includes(typeof unit) ? unit : undefined,
    rule: bound(readOnce(error, 'rule')),
    exclusive: readOnce(error, 'exclusive') === true,
    // Only a predicate's: `removed` names an undeclared key (a union's holds the value).
    expected: code === 'predicate' ? stringOr(readOnce(error, 'expected')) : null,
    errors: code === 'union' ? nested(readOnce(error, 'errors'), args, depth) : [],
  };
  return out;
}

/** The `params` fields an Ajv error's keyword describes the schema with. */
const AJV_PARAMS = [
  'type',
  'missingProperty',
  'additionalProperty',
  'allowedValues',
  'allowedValue',
  'limit',
  'pattern',
  'format',
  'multipleOf',
];

/**
 * An Ajv error: keyword, the instance path's keys, and the `params` that describe the
 * schema (never `data`, `schema` or `parentSchema`, which `verbose` adds).
 * @param {object} error
 */
function ajv(error) {
  const keyword = readOnce(error, 'keyword');
  const given = readOnce(error, 'params');
  /** @type {Record<string, unknown>} */
  const params = {};
  if (given !== null && typeof given === 'object') {
    for (const name of AJV_PARAMS) {
      const value = schemaValue(readOnce(given, name));
      if (value !== undefined) params[name] = value;
    }
  }
  return {
    [SOURCE_KEY]: SOURCE_AJV,
    keyword: stringOr(keyword),
    path: pointer(readOnce(error, 'instancePath')),
    params,
  };
}

/**
 * The keyword value an @cfworker/json-schema unit's keyword is, by the `params` name Ajv gives it.
 * @type {Record<string, string>}
 */
const CFWORKER_PARAMS = {
  type: 'type',
  enum: 'allowedValues',
  const: 'allowedValue',
  minLength: 'limit',
  maxLength: 'limit',
  minItems: 'limit',
  maxItems: 'limit',
  minimum: 'limit',
  maximum: 'limit',
  exclusiveMinimum: 'limit',
  exclusiveMaximum: 'limit',
  pattern: 'pattern',
  format: 'format',
  multipleOf: 'multipleOf',
};

/**
 * An @cfworker/json-schema output unit, read into an Ajv error's shape: its keyword,
 * the instance location's keys, the keyword's value from `schema` at its keyword
 * location, and for `required` and `type` the unit's `error` text (it names the
 * property, or the type expected, which a call without the schema has nowhere else).
 * @param {object} unit
 * @param {unknown} schema
 */
function cfworker(unit, schema) {
  const keyword = stringOr(readOnce(unit, 'keyword'));
  const location = readOnce(unit, 'keywordLocation');
  // The keyword's value in the tool's schema (`#/properties/a/type`).
  const value = typeof location === 'string' ? valueAt(schema, pointer(location.replace(/^#/, ''))) : undefined;
  /** @type {Record<string, unknown>} */
  const params = {};
  const name = keyword !== null && Object.hasOwn(CFWORKER_PARAMS, keyword) ? CFWORKER_PARAMS[keyword] : undefined;
  const known = schemaValue(value);
  if (name !== undefined && known !== undefined) params[name] = known;
  // `required` names the property, `type` the type expected, only in the unit's text.
  const error = keyword === 'required' || keyword === 'type' ? stringOr(readOnce(unit, 'error')) : null;
  const instance = readOnce(unit, 'instanceLocation');
  const path = pointer(typeof instance === 'string' ? instance.replace(/^#/, '') : '');
  return { [SOURCE_KEY]: SOURCE_AJV, keyword, path, params, error };
}

/**
 * A JSON Pointer's keys (`/a/0/b~1c` is `['a', 0, 'b/c']`); a canonical array index reads
 * as a number, as Zod writes it.
 * @param {unknown} text
 * @returns {Array<string | number>}
 */
function pointer(text) {
  if (typeof text !== 'string' || text === '') return [];
  return text
    .split('/')
    .slice(1, SOURCE_PATH + 1)
    .map((segment) => {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^(0|[1-9]\d{0,8})$/.test(key) ? Number(key) : key;
    });
}

/**
 * The value at `keys` in `root`, each key read once; undefined where a step is no
 * object or its read throws.
 * @param {unknown} root
 * @param {Array<string | number>} keys
 */
function valueAt(root, keys) {
  let at = root;
  for (const key of keys) {
    if (at === null || typeof at !== 'object') return undefined;
    at = readOnce(at, key);
    if (at === READ_THREW) return undefined;
  }
  return at;
}

/**
 * A value from a schema or an error's params as it crosses: a string, finite number,
 * boolean or null, or a list of the first SOURCE_NESTED of those; else undefined.
 * @param {unknown} value
 */
function schemaValue(value) {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (!Array.isArray(value)) return undefined;
  const length = listLength(value) ?? 0;
  const out = [];
  for (let i = 0; i < Math.min(length, SOURCE_NESTED); i++) {
    const entry = listEntry(value, i);
    if (entry === null || ['string', 'number', 'boolean'].includes(typeof entry)) out.push(entry);
  }
  return out;
}

/** @param {unknown} value */
function stringOr(value) {
  return typeof value === 'string' ? value : null;
}

/**
 * A bound as it crosses: a number or a string as it is, a RegExp as it prints; else null.
 * @param {unknown} value
 */
function bound(value) {
  if (typeof value === 'number' || typeof value === 'string') return value;
  try {
    return value instanceof RegExp ? RegExp.prototype.toString.call(value) : null;
  } catch {
    return null;
  }
}

/**
 * The first SOURCE_NESTED nested issues, each adapted (plain Zod-shaped ones kept as
 * they are); none past SOURCE_DEPTH.
 * @param {unknown} list
 * @param {unknown} args
 * @param {number} depth
 */
function nested(list, args, depth) {
  const length = Array.isArray(list) ? listLength(list) : undefined;
  if (length === undefined || depth >= SOURCE_DEPTH) return [];
  const out = [];
  for (let i = 0; i < Math.min(length, SOURCE_NESTED); i++) {
    const entry = listEntry(list, i);
    out.push(adapt(entry, args, depth + 1) ?? entry);
  }
  return out;
}

/**
 * A path's keys (a segment may be a key or `{ key }`, as Standard Schema and Valibot
 * write it) and the last segment's `origin` (Valibot's: `key` for a key itself).
 * @param {unknown} path
 * @returns {{ keys: Array<string | number>, origin: string | null }}
 */
function keys(path) {
  const length = listLength(path);
  /** @type {Array<string | number>} */
  const out = [];
  let origin = null;
  if (length === undefined || path === null || typeof path !== 'object') return { keys: out, origin };
  for (let i = 0; i < Math.min(length, SOURCE_PATH); i++) {
    let segment = listEntry(path, i);
    origin = null;
    if (segment !== null && typeof segment === 'object') {
      const o = readOnce(segment, 'origin');
      origin = typeof o === 'string' ? o : null;
      segment = readOnce(segment, 'key');
    }
    out.push(typeof segment === 'string' || typeof segment === 'number' ? segment : String(typeof segment));
  }
  return { keys: out, origin };
}

/**
 * What was sent at `path`, as text, for the core to look for in a message: a string
 * (its first COPY_LIMITS.stringUnits units) or a number, boolean or null as JSON writes it.
 * @param {unknown} args
 * @param {Array<string | number>} path
 * @returns {string | undefined}
 */
function sentAt(args, path) {
  const at = valueAt(args, path);
  if (typeof at === 'string') return at.slice(0, COPY_LIMITS.stringUnits);
  if (typeof at === 'number' || typeof at === 'boolean') return String(at);
  return undefined;
}

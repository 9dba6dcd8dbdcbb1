// Copying untrusted JS values into plain JSON before they cross into wasm. Every
// property is read once inside try/catch, cycles are cut, and depth, entries and string
// lengths are bounded, so a Proxy, a getter, a BigInt or a 100 MB string costs what
// its bounded prefix costs. The core applies the product's own (smaller) caps.

import {
  COPY_DEFAULT,
  COPY_MARKED_DATES,
  COPY_PAD_LIMIT,
  COPY_UNIT_FLOOR,
  UNREADABLE,
  WIRE_STRING_UNITS,
  WIRE_TRUNCATED,
  WIRE_VALUE_LIMIT,
} from './constants.js';
import { jsonString } from './json-string.js';

/**
 * @typedef {{ readonly depth: number, readonly entries: number, readonly stringUnits: number,
 *   readonly strings: boolean, readonly lenient?: boolean, readonly markDates?: boolean }} CopyPolicy
 */

/**
 * How a copy reads a value (a CopyPolicy). `depth`, `entries` and `stringUnits` bound it (far above
 * every cap the core applies); `strings: false` sends string values empty (only their
 * presence and type cross); `lenient` reads what Zod issues and detail values carry
 * as their JSON rendering would show it: a BigInt or Symbol as its `String()` (JSON
 * would throw), a Date as its ISO text, and functions left out like `undefined`.
 * `markDates` (with `lenient`; only the XML dialect's copy of `sentArgs` sets it) also
 * records each Date's ISO text in `sizes` at its own length, a record no cut writes,
 * so the core can print it as `JSON.stringify(date)` does (at most MAX_MARKED_DATES).
 */
export const COPY_LIMITS = Object.freeze({ ...COPY_DEFAULT, strings: true });

/** @typedef {{ nodes: number, units: number }} CopyBudget */

/**
 * What one crossing may spend: containers visited, and string units copied.
 * @returns {CopyBudget}
 */
export function copyBudget(nodes = 50000, units = Infinity) {
  return { nodes, units };
}

// An McpError's `data` goes out with each string cut at WIRE_STRING_UNITS (ending in
// `…`), and as WIRE_TRUNCATED when it holds more than WIRE_VALUE_LIMIT values.

/**
 * `text` cut at `units` UTF-16 units (never inside a surrogate pair) with `…` appended.
 * @param {string} text
 * @param {number} units
 */
export function cutText(text, units) {
  if (text.length <= units) return text;
  const last = text.charCodeAt(units - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? units - 1 : units;
  return `${text.slice(0, end)}…`;
}
const UNREADABLE_JSON = JSON.stringify(UNREADABLE);
// What every string keeps once a budget's units are spent (COPY_UNIT_FLOOR), the dates a
// `markDates` copy records (COPY_MARKED_DATES) and the array indices a pruned copy pads up
// to (COPY_PAD_LIMIT, see `only` below): the core's numbers.
const UNIT_FLOOR = COPY_UNIT_FLOOR;
const MAX_MARKED_DATES = COPY_MARKED_DATES;
const PAD_LIMIT = COPY_PAD_LIMIT;

/** @typedef {{ keysAt: (depth: number) => Set<string>, indicesAt: (depth: number) => number[] }} SegmentSet */

/**
 * The keys a pruned copy keeps at each depth (see `copyJson`'s `only`), from what a
 * copy of the issues put in `seen`: each path segment, its position in its path, and
 * whether that path starts at the arguments' root (an issue's own `path`; a union
 * branch's path may be relative to the union, so its segment at position p may sit at
 * any depth ≥ p). `null` (copy everything) past `max` distinct segments.
 *
 * `keysAt(depth)` is a Set of property keys; `indicesAt(depth)` the array indices among
 * them, ascending. A container at depth d keeps only those: the work is the issues'
 * segments per container, not the issues' segments times every container.
 * @param {Array<string | number | boolean>} seen
 * @returns {SegmentSet | null}
 */
export function segmentSet(seen, max = 4096) {
  /** @type {Array<Set<string> | undefined>} */
  const exact = [];
  /** @type {Array<Set<string> | undefined>} */
  const loose = [];
  const distinct = new Set();
  for (let i = 0; i + 2 < seen.length; i += 3) {
    const key = String(seen[i]);
    const position = /** @type {number} */ (seen[i + 1]);
    distinct.add(key);
    if (distinct.size > max) return null;
    const byDepth = seen[i + 2] ? exact : loose;
    (byDepth[position] ??= new Set()).add(key);
  }
  /** @type {Array<Set<string> | undefined>} */
  const keys = [];
  /** @type {Array<number[] | undefined>} */
  const indices = [];
  /** @param {number} depth */
  const keysAt = (depth) => {
    let set = keys[depth];
    if (set === undefined) {
      set = new Set(exact[depth]);
      for (let p = 0; p <= depth && p < loose.length; p++) for (const key of loose[p] ?? []) set.add(key);
      keys[depth] = set;
    }
    return set;
  };
  /** @param {number} depth */
  const indicesAt = (depth) => {
    let list = indices[depth];
    if (list === undefined) {
      list = [...keysAt(depth)]
        .map(arrayIndex)
        .filter((i) => i >= 0 && i < PAD_LIMIT)
        .sort((a, b) => a - b);
      indices[depth] = list;
    }
    return list;
  };
  return { keysAt, indicesAt };
}

/**
 * `"12"` → 12; anything that is not a canonical array index → -1.
 * @param {string} key
 */
function arrayIndex(key) {
  if (key === '0') return 0;
  if (!/^[1-9][0-9]{0,9}$/.test(key)) return -1;
  const n = Number(key);
  return n < 4294967295 ? n : -1;
}

/**
 * JSON text of a bounded, acyclic copy of `root`, written directly (no intermediate
 * object, so a `__proto__` key stays a key). Each property is read once inside
 * try/catch; a read that throws, a cycle, a BigInt, a Symbol or a function is
 * '[Unreadable]' (unless `policy.lenient`); `undefined` is dropped from objects and
 * `null` in lists, as JSON writes them; lone surrogates become U+FFFD. `budget` may be
 * shared by several copies that cross in one call.
 *
 * `sizes`, when given, receives a flat record for each string, key, list or object the
 * copy cut: `size, kind (0 value, 1 key), depth, ...entry indices from the root` — the
 * core's `TrueSizes` reads them, so every count field it writes is the original's.
 * `at` is the root's own position in what `sizes` describes (the list it is an entry of).
 * `seen`, when given, receives every string and number the copy wrote inside a `path`
 * member (at any depth: a Zod issue's path, its union branches' paths), the only keys
 * and indices the core looks the arguments up by, as flat triples: the segment, its
 * position in its path, and whether the path is the root's own (see `segmentSet`).
 *
 * `only` (a `segmentSet`) prunes the copy to what a path made of those keys can reach:
 * an object at depth d keeps only `only.keysAt(d)` (read one by one, whatever its
 * size), and a list only `only.indicesAt(d)`, every other index before the last one
 * written as `0`. Any path whose segments are all allowed at their depths resolves as
 * it would in the whole value.
 * @param {unknown} root
 * @param {CopyPolicy} [policy]
 * @param {CopyBudget} [budget]
 * @param {{ sizes?: number[], seen?: Array<string | number | boolean>, only?: SegmentSet, at?: number[] }} [options]
 * @returns {string}
 */
export function copyJson(root, policy = COPY_LIMITS, budget = copyBudget(), { sizes, seen, only, at = [] } = {}) {
  // The containers on the path from the root (at most policy.depth): a cycle is one of them.
  /** @type {unknown[]} */
  const ancestors = [];
  let datesLeft = policy.markDates === true ? MAX_MARKED_DATES : 0;
  // Positions are tracked only for the records `sizes` receives.
  const tracked = sizes !== undefined;
  const path = tracked ? [...at] : [];
  const lenient = policy.lenient === true;
  // The JSON written so far: one string, appended to (no per-container arrays).
  let out = '';
  /**
   * @param {number} size
   * @param {number} kind
   */
  const record = (size, kind) => {
    if (tracked) sizes.push(size, kind, path.length, ...path);
  };
  /**
   * @param {string} text
   * @param {number} [kind]
   */
  const string = (text, kind = 0) => {
    const cap = budget.units > 0 ? policy.stringUnits : UNIT_FLOOR;
    let kept = text;
    if (text.length > cap) {
      kept = text.slice(0, cap);
      record(text.length, kind);
    }
    budget.units -= kept.length;
    if (collect && kind === 0) seen?.push(kept, position, exactPath);
    return jsonString(kept);
  };
  // Inside a `path` member of the value being copied (see `seen`): whether it is the
  // root's own, the depth of the path list, and the position of the segment being copied.
  let collect = false;
  let exactPath = false;
  let pathListDepth = -1;
  let position = 0;
  /**
   * What JSON leaves out of an object (and writes as `null` in a list).
   * @param {unknown} value
   */
  const omitted = (value) => value === undefined || (lenient && typeof value === 'function');
  /**
   * @param {any} value
   * @param {number} depth
   */
  const write = (value, depth) => {
    switch (typeof value) {
      case 'string':
        out += policy.strings ? string(value) : '""';
        return;
      case 'number':
        if (collect) seen?.push(value, position, exactPath);
        // String() of a finite number is its JSON text (-0 included).
        out += Number.isFinite(value) ? `${value}` : 'null';
        return;
      case 'boolean':
        out += value ? 'true' : 'false';
        return;
      case 'object':
        if (value === null) {
          out += 'null';
          return;
        }
        break;
      case 'bigint':
      case 'symbol':
        // String() of these runs no user code.
        out += lenient ? string(String(value)) : UNREADABLE_JSON;
        return;
      default:
        out += UNREADABLE_JSON;
        return;
    }
    if (depth >= policy.depth || budget.nodes <= 0 || ancestors.includes(value)) {
      out += UNREADABLE_JSON;
      return;
    }
    budget.nodes -= 1;
    ancestors.push(value);
    const mark = path.length;
    const start = out.length;
    try {
      if (lenient && value instanceof Date) {
        const time = Date.prototype.getTime.call(value);
        if (!Number.isFinite(time)) {
          out += 'null';
          return;
        }
        const iso = Date.prototype.toISOString.call(value);
        if (datesLeft > 0) {
          datesLeft -= 1;
          record(iso.length, 0);
        }
        out += JSON.stringify(iso);
        return;
      }
      if (Array.isArray(value)) {
        const total = value.length;
        out += '[';
        if (only !== undefined) {
          let written = 0;
          for (const i of only.indicesAt(depth)) {
            if (i >= total) break;
            for (; written < i; written++) out += written === 0 ? '0' : ',0';
            if (written > 0) out += ',';
            written += 1;
            if (tracked) path.push(i);
            element(value, i, depth);
            if (tracked) path.pop();
          }
          out += ']';
          return;
        }
        const length = Math.min(total, policy.entries);
        for (let i = 0; i < length; i++) {
          if (i > 0) out += ',';
          if (tracked) path.push(i);
          if (collect && depth === pathListDepth) position = i;
          element(value, i, depth);
          if (tracked) path.pop();
        }
        if (length < total) record(total, 0);
        out += ']';
        return;
      }
      out += '{';
      let written = 0;
      if (only !== undefined) {
        for (const key of only.keysAt(depth)) {
          if (!Object.prototype.propertyIsEnumerable.call(value, key)) continue;
          if (tracked) path.push(written);
          if (entry(value, key, depth, written)) written += 1;
          if (tracked) path.pop();
        }
        out += '}';
        return;
      }
      const keys = Object.keys(value);
      const count = Math.min(keys.length, policy.entries);
      for (let i = 0; i < count; i++) {
        if (tracked) path.push(written);
        if (entry(value, keys[i], depth, written)) written += 1;
        if (tracked) path.pop();
      }
      if (count < keys.length) record(keys.length, 0);
      out += '}';
    } catch {
      // A revoked Proxy, a throwing ownKeys or length: the container is unreadable.
      path.length = mark;
      out = out.slice(0, start) + UNREADABLE_JSON;
    } finally {
      ancestors.pop();
    }
  };
  /**
   * A list's entry `i`, read once.
   * @param {any} list
   * @param {number} i
   * @param {number} depth
   */
  const element = (list, i, depth) => {
    let value;
    try {
      value = list[i];
    } catch {
      out += UNREADABLE_JSON;
      return;
    }
    if (omitted(value)) out += 'null';
    else write(value, depth + 1);
  };
  /**
   * An object's entry `key`, read once; false when JSON leaves it out.
   * @param {any} container
   * @param {string} key
   * @param {number} depth
   * @param {number} index
   */
  const entry = (container, key, depth, index) => {
    let value;
    let readable = true;
    try {
      value = container[key];
    } catch {
      readable = false;
    }
    if (readable && omitted(value)) return false;
    out += index > 0 ? `,${string(key, 1)}:` : `${string(key, 1)}:`;
    if (!readable) {
      out += UNREADABLE_JSON;
      return true;
    }
    if (collect || seen === undefined || key !== 'path') {
      write(value, depth + 1);
      return true;
    }
    collect = true;
    exactPath = depth === 0;
    pathListDepth = depth + 1;
    position = 0;
    try {
      write(value, depth + 1);
    } finally {
      collect = false;
    }
    return true;
  };
  if (lenient && omitted(root)) return 'null';
  write(root, 0);
  return out;
}

/**
 * JSON text of a copy with the default limits (`undefined` → `null`).
 * @param {unknown} value
 */
export function plainJson(value) {
  return value === undefined ? 'null' : copyJson(value);
}

/**
 * The JSON text one top-level field of a thrown McpError's `data` goes out as, exactly
 * as JSON.stringify writes it, or the string '[Unreadable]' when that throws anywhere
 * below (a getter, a BigInt, a cycle, a throwing toJSON), or '[Truncated]' past one
 * million JSON values. `undefined` when JSON would omit the field.
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function wireFieldJson(value) {
  // A primitive runs no user code: written as JSON writes it, without the replacer's cost.
  switch (typeof value) {
    case 'string':
      return JSON.stringify(cutText(value, WIRE_STRING_UNITS));
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      break;
  }
  let count = 0;
  let truncated = false;
  try {
    const text = JSON.stringify(value, function countValues(_key, member) {
      if (++count > WIRE_VALUE_LIMIT) {
        truncated = true;
        throw new RangeError('too many values');
      }
      return typeof member === 'string' ? cutText(member, WIRE_STRING_UNITS) : member;
    });
    return text === undefined ? undefined : text;
  } catch {
    return JSON.stringify(truncated ? WIRE_TRUNCATED : UNREADABLE);
  }
}

/**
 * JSON text of an object's fields, each written by {@link wireFieldJson}; the keys are
 * read once. `undefined` when `data` is not a readable object.
 * @param {any} data
 * @returns {string | undefined}
 */
export function wireDataJson(data) {
  if (data === null || typeof data !== 'object') return undefined;
  let keys;
  try {
    keys = Object.keys(data);
  } catch {
    return undefined;
  }
  const fields = [];
  for (const key of keys) {
    let member;
    try {
      member = data[key];
    } catch {
      fields.push(`${JSON.stringify(key)}:${JSON.stringify(UNREADABLE)}`);
      continue;
    }
    const text = wireFieldJson(member);
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}

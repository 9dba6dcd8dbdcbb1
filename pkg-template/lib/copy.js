// Copying untrusted JS values into plain JSON before they cross into wasm. Every
// property is read once inside try/catch, cycles are cut, and depth, entries and string
// lengths are bounded, so a Proxy, a getter, a BigInt or a 100 MB string costs what
// its bounded prefix costs. The core applies the product's own (smaller) caps.

import { UNREADABLE } from './read.js';

/**
 * How a copy reads a value. `depth`, `entries` and `stringUnits` bound it (far above
 * every cap the core applies); `strings: false` sends string values empty (only their
 * presence and type cross); `lenient` reads what Zod issues and detail values carry
 * as their JSON rendering would show it: a BigInt or Symbol as its `String()` (JSON
 * would throw), a Date as its ISO text, and functions left out like `undefined`.
 */
export const COPY_LIMITS = Object.freeze({ depth: 16, entries: 1000, stringUnits: 65536, strings: true });

/** What one crossing may spend: containers visited, and string units copied. */
export function copyBudget(nodes = 50000, units = Infinity) {
  return { nodes, units };
}

const TRUNCATED = '[Truncated]';
const WIRE_VALUE_LIMIT = 1_000_000;
const UNREADABLE_JSON = JSON.stringify(UNREADABLE);
/** What every string keeps once a budget's units are spent: enough to render a cut line. */
const UNIT_FLOOR = 1100;

/**
 * JSON text of a bounded, acyclic copy of `root`, written directly (no intermediate
 * object, so a `__proto__` key stays a key). Each property is read once inside
 * try/catch; a read that throws, a cycle, a BigInt, a Symbol or a function is
 * '[Unreadable]' (unless `policy.lenient`); `undefined` is dropped from objects and
 * `null` in lists, as JSON writes them; lone surrogates become U+FFFD. `budget` may be
 * shared by several copies that cross in one call.
 */
export function copyJson(root, policy = COPY_LIMITS, budget = copyBudget()) {
  const ancestors = new WeakSet();
  const string = (text) => {
    const cap = budget.units > 0 ? policy.stringUnits : UNIT_FLOOR;
    const kept = text.length > cap ? text.slice(0, cap) : text;
    budget.units -= kept.length;
    return JSON.stringify(typeof kept.toWellFormed === 'function' ? kept.toWellFormed() : kept);
  };
  const walk = (value, depth) => {
    switch (typeof value) {
      case 'string':
        return policy.strings ? string(value) : '""';
      case 'number':
        return Number.isFinite(value) ? JSON.stringify(value) : 'null';
      case 'boolean':
        return value ? 'true' : 'false';
      case 'object':
        if (value === null) return 'null';
        break;
      case 'bigint':
      case 'symbol':
        // String() of these runs no user code.
        return policy.lenient ? string(String(value)) : UNREADABLE_JSON;
      default:
        return policy.lenient ? undefined : UNREADABLE_JSON;
    }
    if (depth >= policy.depth || budget.nodes <= 0 || ancestors.has(value)) return UNREADABLE_JSON;
    budget.nodes -= 1;
    ancestors.add(value);
    try {
      if (policy.lenient && value instanceof Date) {
        const time = Date.prototype.getTime.call(value);
        return Number.isFinite(time) ? JSON.stringify(Date.prototype.toISOString.call(value)) : 'null';
      }
      const parts = [];
      if (Array.isArray(value)) {
        const length = Math.min(value.length, policy.entries);
        for (let i = 0; i < length; i++) parts.push(member(value, i, depth) ?? 'null');
        return `[${parts.join(',')}]`;
      }
      const keys = Object.keys(value);
      const count = Math.min(keys.length, policy.entries);
      for (let i = 0; i < count; i++) {
        const text = member(value, keys[i], depth);
        if (text !== undefined) parts.push(`${string(keys[i])}:${text}`);
      }
      return `{${parts.join(',')}}`;
    } catch {
      // A revoked Proxy, a throwing ownKeys or length: the container is unreadable.
      return UNREADABLE_JSON;
    } finally {
      ancestors.delete(value);
    }
  };
  const member = (container, key, depth) => {
    let value;
    try {
      value = container[key];
    } catch {
      return UNREADABLE_JSON;
    }
    return value === undefined ? undefined : walk(value, depth + 1);
  };
  return walk(root, 0) ?? 'null';
}

/** JSON text of a copy with the default limits (`undefined` → `null`). */
export function plainJson(value) {
  return value === undefined ? 'null' : copyJson(value);
}

/**
 * The JSON text one top-level field of a thrown McpError's `data` goes out as, exactly
 * as JSON.stringify writes it, or the string '[Unreadable]' when that throws anywhere
 * below (a getter, a BigInt, a cycle, a throwing toJSON), or '[Truncated]' past one
 * million JSON values. `undefined` when JSON would omit the field.
 */
export function wireFieldJson(value) {
  let count = 0;
  let truncated = false;
  try {
    const text = JSON.stringify(value, function countValues(_key, member) {
      if (++count > WIRE_VALUE_LIMIT) {
        truncated = true;
        throw new RangeError('too many values');
      }
      return member;
    });
    return text === undefined ? undefined : text;
  } catch {
    return JSON.stringify(truncated ? TRUNCATED : UNREADABLE);
  }
}

/**
 * JSON text of an object's fields, each written by {@link wireFieldJson}; the keys are
 * read once. `null` when `data` is not a readable object.
 */
export function wireDataJson(data) {
  if (data === null || typeof data !== 'object') return null;
  let keys;
  try {
    keys = Object.keys(data);
  } catch {
    return null;
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

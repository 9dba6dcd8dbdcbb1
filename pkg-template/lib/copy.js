// Copying untrusted JS values into plain JSON before they cross into wasm. Every
// property is read once inside try/catch, cycles are cut, and depth, entries and string
// lengths are bounded, so a Proxy, a getter, a BigInt or a 100 MB string costs what
// its bounded prefix costs. The core applies the product's own (smaller) caps.

import { UNREADABLE } from './read.js';

/** Limits of a copy, far above every cap the core applies. */
export const COPY_LIMITS = Object.freeze({
  depth: 16,
  entries: 1000,
  stringUnits: 65536,
  nodes: 50000,
});

const TRUNCATED = '[Truncated]';
const WIRE_VALUE_LIMIT = 1_000_000;

function wellFormed(text, units) {
  const cut = text.length > units ? text.slice(0, units) : text;
  return typeof cut.toWellFormed === 'function' ? cut.toWellFormed() : cut;
}

/**
 * A plain, acyclic, bounded copy of `value`: objects keep their own enumerable string
 * keys in order (`Object.keys`), arrays their first entries; a property whose read
 * throws, a cycle, a BigInt or a Symbol becomes '[Unreadable]'; `undefined` members
 * of objects are dropped (as JSON drops them) and functions are unreadable.
 */
export function plainCopy(value, limits = COPY_LIMITS) {
  const seen = new WeakSet();
  let nodes = 0;
  const copy = (v, depth) => {
    if (v === null || typeof v === 'boolean') return v;
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'string') return wellFormed(v, limits.stringUnits);
    if (typeof v !== 'object') return UNREADABLE;
    if (seen.has(v) || depth >= limits.depth || ++nodes > limits.nodes) return UNREADABLE;
    seen.add(v);
    try {
      if (Array.isArray(v)) {
        const length = Math.min(v.length, limits.entries);
        const out = new Array(length);
        for (let i = 0; i < length; i++) out[i] = copyMember(v, i, depth);
        return out;
      }
      const out = {};
      const keys = Object.keys(v);
      const count = Math.min(keys.length, limits.entries);
      for (let i = 0; i < count; i++) {
        const key = keys[i];
        const member = copyMember(v, key, depth);
        if (member !== undefined) out[wellFormed(key, limits.stringUnits)] = member;
      }
      return out;
    } catch {
      return UNREADABLE;
    } finally {
      seen.delete(v);
    }
  };
  const copyMember = (container, key, depth) => {
    let member;
    try {
      member = container[key];
    } catch {
      return UNREADABLE;
    }
    return member === undefined ? undefined : copy(member, depth + 1);
  };
  return value === undefined ? undefined : copy(value, 0);
}

/** JSON text of `value` in plain-copy form (undefined → null). */
export function plainJson(value, limits) {
  const copied = plainCopy(value, limits);
  return JSON.stringify(copied === undefined ? null : copied);
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

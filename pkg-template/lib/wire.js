// How the generated encoders (abi.js, from src/protocol/) write each kind of request field
// (`Wire` in src/protocol/field.rs): one helper per kind.

/**
 * A request of abi.d.ts (whose fields are readonly) as a caller fills it in.
 * @template T
 * @typedef {{ -readonly [K in keyof T]: T[K] }} Writable
 */

/**
 * Lone surrogates as U+FFFD, as TextEncoder and the core write them.
 * @type {(value: string) => string}
 */
export const wellFormed =
  typeof String.prototype.toWellFormed === 'function' ? (value) => value.toWellFormed() : (value) => value;
/** What JSON.stringify escapes, and surrogates (a lone one becomes U+FFFD first). */
const NOT_PLAIN = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string: JSON.stringify(wellFormed(value)), without the serializer for text that needs no escape.
 * @param {string} value
 */
export function text(value) {
  return NOT_PLAIN.test(value) ? JSON.stringify(wellFormed(value)) : `"${value}"`;
}

/**
 * A number; NaN and the infinities, which JSON cannot write, as strings the core reads back.
 * @param {number} value
 */
export function number(value) {
  return Number.isFinite(value) ? String(value) : `"${value}"`;
}

/**
 * A boolean.
 * @param {boolean} value
 */
export function bool(value) {
  return value ? 'true' : 'false';
}

/**
 * JSON text a bounded copy wrote: as it is.
 * @param {string} value
 */
export function json(value) {
  return value;
}

/**
 * A list of unsigned 32-bit integers (an array or a Uint32Array).
 * @param {ArrayLike<number>} value
 */
export function numbers(value) {
  return `[${Array.prototype.join.call(value, ',')}]`;
}

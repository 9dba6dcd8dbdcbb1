// A string as JSON text, for the JSON a bounded copy or a cause chain writes.

/**
 * Lone surrogates as U+FFFD, as TextEncoder and the core write them.
 * @type {(value: string) => string}
 */
export const wellFormed =
  typeof String.prototype.toWellFormed === 'function' ? (value) => value.toWellFormed() : (value) => value;
/** What JSON.stringify escapes, and surrogates (a lone one becomes U+FFFD first). */
const NOT_PLAIN = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * JSON.stringify(wellFormed(value)), without the serializer for text that needs no escape.
 * @param {string} value
 */
export function jsonString(value) {
  return NOT_PLAIN.test(value) ? JSON.stringify(wellFormed(value)) : `"${value}"`;
}

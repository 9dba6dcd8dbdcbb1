// A string as JSON text, for the JSON a bounded copy or a cause chain writes.

/**
 * Lone surrogates as U+FFFD, as TextEncoder and the core write them.
 * @type {(value: string) => string}
 */
export const wellFormed =
  typeof String.prototype.toWellFormed === 'function' ? (value) => value.toWellFormed() : (value) => value;
/** What JSON.stringify escapes, and surrogates (a lone one becomes U+FFFD first). */
const NOT_PLAIN = /["\\\u0000-\u001f\ud800-\udfff]/;
/** Strings up to this long are scanned by a loop: cheaper than entering the regular expression. */
const SHORT = 40;

/**
 * JSON.stringify(wellFormed(value)), without the serializer for text that needs no escape.
 * @param {string} value
 */
export function jsonString(value) {
  const length = value.length;
  if (length > SHORT) return NOT_PLAIN.test(value) ? JSON.stringify(wellFormed(value)) : `"${value}"`;
  for (let i = 0; i < length; i++) {
    const c = value.charCodeAt(i);
    // NOT_PLAIN's characters: below U+0020, `"`, `\` and every surrogate (U+D800–U+DFFF).
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c & 0xf800) === 0xd800) return JSON.stringify(wellFormed(value));
  }
  return `"${value}"`;
}

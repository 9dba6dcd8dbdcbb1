// Where bounded copies write their JSON text: UTF-8 bytes in one growable buffer, ready
// to cross into wasm with one bulk copy (wire.js's `json`), instead of a string built
// piece by piece and encoded again. Regions are taken and given back in LIFO order: a
// call marks where its copies start and releases that mark when its request has crossed,
// so a call made from user code while a copy is being written (a getter, a Proxy trap)
// writes after it and gives its own region back before that copy goes on.

import { jsonString as jsonText } from './json-string.js';

/** A copy's JSON text: bytes `start .. end` of the buffer, valid until its call releases them. */
export class JsonBytes {
  /**
   * @param {number} start
   * @param {number} end
   */
  constructor(start, end) {
    this.start = start;
    this.end = end;
  }
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
/** JSON's two-character escapes, by code unit. */
const ESCAPES = new Map([
  [0x08, 0x62],
  [0x09, 0x74],
  [0x0a, 0x6e],
  [0x0c, 0x66],
  [0x0d, 0x72],
  [0x22, 0x22],
  [0x5c, 0x5c],
]);
const HEX = '0123456789abcdef';
/** Strings longer than this go to native code (one call's fixed cost, then far faster per unit). */
const LONG = 512;

/** The buffer's first size: 16 KiB (most calls never grow it). */
const FIRST_SIZE = 1 << 14;
/** The largest buffer kept once no call holds it: 1 MiB. */
const KEPT = FIRST_SIZE << 6;
let buffer = new Uint8Array(FIRST_SIZE);
/** The end of what is written. */
let top = 0;
/** Marks not released yet: at none, the next mark starts the buffer afresh. */
let marks = 0;
/** Where the bytes of each mark not released yet start, by its depth. */
const starts = [0];

/**
 * Marks where the copies of a call start; give the mark back with `release` once their
 * bytes crossed.
 * @returns {number} the mark (its depth among the marks held)
 */
export function mark() {
  const depth = marks;
  if (depth === 0) top = 0;
  starts[depth] = top;
  marks = depth + 1;
  return depth;
}

/**
 * `run()`'s result, with the bytes its copies write held until it returns (or throws).
 * @template T
 * @param {() => T} run
 * @returns {T}
 */
export function holding(run) {
  const depth = mark();
  try {
    return run();
  } finally {
    release(depth);
  }
}

/**
 * Gives back everything written since `depth` was marked, and every mark taken after it:
 * a call whose own release never ran (the stack ran out under a getter that called in
 * again) is given back by the release of the call around it.
 * @param {number} depth a `mark`
 */
export function release(depth) {
  top = starts[depth] ?? 0;
  marks = depth;
  // A rare huge request does not keep its buffer for the life of the process.
  if (depth === 0 && buffer.length > KEPT) buffer = new Uint8Array(FIRST_SIZE);
}

/** Marks held now (for the tests). */
export function held() {
  return marks;
}

/** The buffer's size now (for the tests). */
export function capacity() {
  return buffer.length;
}

/** The end of what is written (where the next byte goes). */
export function written() {
  return top;
}

/**
 * Where a copy written in place starts: only inside a call that holds the buffer (a copy
 * outside one could be overwritten before it crosses).
 */
export function start() {
  if (marks === 0) throw new Error('mcp-envelope: a copy written in place outside a call that holds its buffer');
  return top;
}

/**
 * Drops what was written since `at` (a container that turned out unreadable).
 * @param {number} at
 */
export function rewind(at) {
  top = at;
}

/**
 * Room for `n` more bytes.
 * @param {number} n
 */
function reserve(n) {
  if (top + n <= buffer.length) return;
  let size = buffer.length * 2;
  while (size < top + n) size *= 2;
  const grown = new Uint8Array(size);
  grown.set(buffer.subarray(0, top));
  buffer = grown;
}

/**
 * Text made of ASCII only that needs no escape (JSON punctuation, a number, a literal).
 * @param {string} text
 */
export function ascii(text) {
  const n = text.length;
  reserve(n);
  top += asciiInto(buffer, top, text, n);
}

/**
 * Copies the ASCII start of `text`'s first `units` units into `target` from `at`, byte by
 * byte (cheaper than `encodeInto` for short text); returns how many it copied (it stops
 * at the first unit past U+007F).
 * @param {Uint8Array} target
 * @param {number} at
 * @param {string} text
 * @param {number} units
 */
export function asciiInto(target, at, text, units) {
  let i = 0;
  for (; i < units; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) break;
    target[at + i] = c;
  }
  return i;
}

/**
 * JSON text written elsewhere, as UTF-8 (lone surrogates as U+FFFD).
 * @param {string} text
 */
export function raw(text) {
  const n = text.length;
  reserve(n * 3);
  // Long text goes to native code whole.
  const i = n <= LONG ? asciiInto(buffer, top, text, n) : 0;
  top += i;
  if (i < n) {
    const rest = i === 0 ? text : text.slice(i);
    top += encoder.encodeInto(rest, buffer.subarray(top, top + (n - i) * 3)).written;
  }
}

/**
 * One ASCII byte (a JSON punctuation mark).
 * @param {number} byte
 */
export function byte(byte) {
  reserve(1);
  buffer[top] = byte;
  top += 1;
}

/**
 * `value` as a JSON string, as JSON.stringify writes it once lone surrogates are U+FFFD.
 * @param {string} value
 */
export function jsonString(value) {
  const n = value.length;
  if (n > LONG) {
    // Native code for long text: its JSON text as json-string.js writes it, encoded whole.
    raw(jsonText(value));
    return;
  }
  // Quotes, and at most three bytes per unit; an escape is at most six bytes for one unit.
  reserve(2 + n * 6);
  let at = top;
  buffer[at++] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x20 && c < 0x80) {
      if (c === 0x22 || c === 0x5c) {
        buffer[at++] = 0x5c;
      }
      buffer[at++] = c;
    } else if (c < 0x20) {
      const short = ESCAPES.get(c);
      buffer[at++] = 0x5c;
      if (short !== undefined) buffer[at++] = short;
      else {
        buffer[at++] = 0x75;
        buffer[at++] = 0x30;
        buffer[at++] = 0x30;
        buffer[at++] = HEX.charCodeAt(c >> 4);
        buffer[at++] = HEX.charCodeAt(c & 15);
      }
    } else if (c < 0x800) {
      buffer[at++] = 0xc0 | (c >> 6);
      buffer[at++] = 0x80 | (c & 0x3f);
    } else if ((c & 0xf800) !== 0xd800) {
      buffer[at++] = 0xe0 | (c >> 12);
      buffer[at++] = 0x80 | ((c >> 6) & 0x3f);
      buffer[at++] = 0x80 | (c & 0x3f);
    } else {
      const next = i + 1 < n ? value.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && (next & 0xfc00) === 0xdc00) {
        // Ten bits from each half of the pair.
        const point = 0x10000 + (c - 0xd800) * 0x400 + (next - 0xdc00);
        buffer[at++] = 0xf0 | (point >> 18);
        buffer[at++] = 0x80 | ((point >> 12) & 0x3f);
        buffer[at++] = 0x80 | ((point >> 6) & 0x3f);
        buffer[at++] = 0x80 | (point & 0x3f);
        i += 1;
      } else {
        // A lone surrogate: U+FFFD.
        buffer[at++] = 0xef;
        buffer[at++] = 0xbf;
        buffer[at++] = 0xbd;
      }
    }
  }
  buffer[at++] = 0x22;
  top = at;
}

/**
 * The bytes written since `start`.
 * @param {number} start
 */
export function since(start) {
  return new JsonBytes(start, top);
}

/**
 * The bytes of `json` (valid until its call releases them).
 * @param {JsonBytes} json
 */
export function bytesOf(json) {
  return buffer.subarray(json.start, json.end);
}

/**
 * `json` as a string.
 * @param {JsonBytes} json
 */
export function textOf(json) {
  return decoder.decode(buffer.subarray(json.start, json.end));
}

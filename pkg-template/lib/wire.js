// How a request crosses into the core and its result comes back (`Wire` in
// src/protocol/field.rs, `Reply` in src/protocol/table.rs): the generated encoders
// (abi.js) write each field straight into the instance's request buffer, one writer per
// kind of field; the engine runs the call, reads the result's UTF-8 back and hands it to
// the reader of the operation's reply. Every number is little-endian.

import { asciiInto, bytesOf } from './json-out.js';

/** @typedef {import('./json-out.js').JsonBytes} JsonBytes */

/**
 * A request of abi.d.ts (whose fields are readonly) as a caller fills it in.
 * @template T
 * @typedef {{ -readonly [K in keyof T]: T[K] }} Writable
 */

/**
 * The raw exports of an instance (src/wasm/mod.rs).
 * @typedef {object} Exports
 * @property {WebAssembly.Memory} memory
 * @property {(capacity: number) => number} mcp_envelope_scratch
 * @property {(op: number, length: number) => number} mcp_envelope_call
 * @property {() => number} mcp_envelope_result_at
 */

const encoder = new TextEncoder();
// A leading U+FEFF is text the core wrote, not a byte-order mark to drop.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
/** Strings this short are written unit by unit (encodeInto's fixed cost is higher there). */
const SHORT = 24;
/** ASCII results this short are read byte by byte (decode's fixed cost is higher there). */
const TINY = 8;
const FIRST_CAPACITY = 4096;
/** Strings this long at most are written by Node's `utf8Write`, with room for 3 bytes a unit. */
const NODE_WRITE_UNITS = 8_000;

/**
 * Node's Buffer class, when the Node entry hands it over (`useNodeBuffer`): its
 * `utf8Write` and `utf8Slice` cost less a call than TextEncoder.encodeInto and
 * TextDecoder.decode (no result object, no options).
 * @typedef {{ from(buffer: ArrayBuffer): NodeBytes }} NodeBufferClass
 * @typedef {Uint8Array & { utf8Write(text: string, at: number, max: number): number, utf8Slice(start: number, end: number): string }} NodeBytes
 */
/** @type {NodeBufferClass | undefined} */
let NodeBuffer;
/** A Buffer over the instance's memory (Node only), made anew with `bytes`. */
/** @type {NodeBytes | undefined} */
let buffer;

/** @type {Exports | undefined} */
let exports;
/** Where the instance says the last result starts. */
let resultAt = 0;
/** The request buffer's address and size in the instance; 0: none yet. */
let at = 0;
let capacity = 0;
/** Bytes of the request written so far. */
let pos = 0;
/** The buffer could not grow (memory is exhausted, or the instance trapped). */
let failed = false;
let bytes = new Uint8Array(0);
let view = new DataView(bytes.buffer);

/**
 * The instance the next requests go to (a fresh one after a trap).
 * @param {Exports} instance
 */
export function attach(instance) {
  exports = instance;
  resultAt = instance.mcp_envelope_result_at();
  at = 0;
  capacity = 0;
  bytes = new Uint8Array(0);
  refresh();
}

/** Views over the instance's memory, made anew when it grew (the old ones are detached: empty). */
function refresh() {
  if (bytes.byteLength === 0 && exports !== undefined) {
    bytes = new Uint8Array(exports.memory.buffer);
    view = new DataView(exports.memory.buffer);
    buffer = nodeBytes();
  }
}

/** A Buffer over the instance's memory when strings go through Node's Buffer. */
function nodeBytes() {
  return exports === undefined ? undefined : NodeBuffer?.from(exports.memory.buffer);
}

/**
 * Strings go through Node's Buffer from now on (the Node entry), or through
 * TextEncoder and TextDecoder again (`undefined`). A class without both methods is
 * ignored.
 * @param {unknown} Buffer
 */
export function useNodeBuffer(Buffer) {
  const proto = /** @type {any} */ (Buffer)?.prototype;
  const usable = typeof proto?.utf8Write === 'function' && typeof proto.utf8Slice === 'function';
  NodeBuffer = usable ? /** @type {NodeBufferClass} */ (Buffer) : undefined;
  buffer = nodeBytes();
}

/**
 * Room for `n` more bytes: false when the buffer cannot grow (nothing more is written).
 * Small enough for V8 to inline into each writer; growing is a call of its own.
 * @param {number} n
 */
function room(n) {
  return pos + n <= capacity ? !failed : grow(n);
}

/**
 * The buffer grown for `n` more bytes: false when it cannot grow.
 * @param {number} n
 */
function grow(n) {
  if (failed || exports === undefined) return false;
  const size = Math.max(pos + n, capacity * 2, FIRST_CAPACITY);
  let address = 0;
  try {
    address = size > 0xffff_ffff ? 0 : exports.mcp_envelope_scratch(size);
  } catch {
    // A trap: the engine renews the instance when the call finds the request failed.
  }
  if (address === 0) {
    failed = true;
    return false;
  }
  at = address;
  capacity = size;
  refresh();
  return true;
}

/** Starts a request. */
export function begin() {
  pos = 0;
  failed = false;
  refresh();
}

/** The request's length in bytes; -1 when it could not be written whole. */
export function end() {
  return failed ? -1 : pos;
}

/**
 * A string: its UTF-8 length, then its UTF-8 (lone surrogates as U+FFFD, as both
 * TextEncoder and Node's Buffer write them).
 * @param {string} value
 */
export function text(value) {
  const units = value.length;
  if (units > SHORT && units <= NODE_WRITE_UNITS && buffer !== undefined) {
    // Room for the most bytes it can take, then written in one call.
    if (!room(4 + units * 3)) return;
    const written = /** @type {NodeBytes} */ (buffer).utf8Write(value, at + pos + 4, units * 3);
    view.setUint32(at + pos, written, true);
    pos += 4 + written;
    return;
  }
  if (!room(4 + units)) return;
  let start = at + pos + 4;
  let read = 0;
  let written = 0;
  if (units <= SHORT) {
    read = asciiInto(bytes, start, value, units);
    written = read;
  } else {
    const first = encoder.encodeInto(value, bytes.subarray(start, start + units));
    read = first.read;
    written = first.written;
  }
  if (read < units) {
    // The units left, at most three bytes each.
    const left = units - read;
    if (!room(4 + written + left * 3)) return;
    start = at + pos + 4;
    const rest = read === 0 ? value : value.slice(read);
    written += encoder.encodeInto(rest, bytes.subarray(start + written, start + written + left * 3)).written;
  }
  view.setUint32(at + pos, written, true);
  pos += 4 + written;
}

/**
 * JSON text a bounded copy wrote, laid out as a string: its text, or its UTF-8 bytes
 * written in place (json-out.js), copied in one go.
 * @param {string | JsonBytes} value
 */
export function json(value) {
  if (typeof value === 'string') {
    text(value);
    return;
  }
  const source = bytesOf(value);
  const n = source.length;
  if (!room(4 + n)) return;
  view.setUint32(at + pos, n, true);
  bytes.set(source, at + pos + 4);
  pos += 4 + n;
}

/**
 * A number, as an f64.
 * @param {number} value
 */
export function number(value) {
  if (!room(8)) return;
  view.setFloat64(at + pos, value, true);
  pos += 8;
}

/**
 * A boolean, one byte.
 * @param {boolean} value
 */
export function bool(value) {
  if (!room(1)) return;
  bytes[at + pos] = value ? 1 : 0;
  pos += 1;
}

/**
 * A list of unsigned 32-bit integers (an array or a Uint32Array): its length, then each.
 * @param {ArrayLike<number>} value
 */
export function numbers(value) {
  const n = value.length;
  if (!room(4 + n * 4)) return;
  view.setUint32(at + pos, n, true);
  for (let i = 0; i < n; i++) view.setUint32(at + pos + 4 + i * 4, value[i], true);
  pos += 4 + n * 4;
}

/**
 * A list of strings: its length, then each as `text` writes it.
 * @param {readonly string[]} value
 */
export function texts(value) {
  const n = value.length;
  if (!room(4)) return;
  view.setUint32(at + pos, n, true);
  pos += 4;
  for (let i = 0; i < n; i++) text(/** @type {string} */ (value[i]));
}

/**
 * An optional field's presence byte: whether its value follows.
 * @param {unknown} value
 */
export function present(value) {
  const given = value !== undefined;
  if (room(1)) {
    bytes[at + pos] = given ? 1 : 0;
    pos += 1;
  }
  return given;
}

/**
 * A JSON result, parsed.
 * @param {string} text
 * @returns {any}
 */
export function readJson(text) {
  return JSON.parse(text);
}

/**
 * A string result, as it is.
 * @param {string} text
 */
export function readText(text) {
  return text;
}

/**
 * An XML response: one digit, `isError` + 2 × `branded`, then the text.
 * @param {string} text
 * @returns {import('./abi.js').XmlResponse}
 */
export function readXml(text) {
  const flags = text.charCodeAt(0) - 48;
  return { isError: (flags & 1) !== 0, branded: (flags & 2) !== 0, text: text.slice(1) };
}

/**
 * An McpError's parts (`Reply::Parts`): `code,units,`, the message (`units` UTF-16 units),
 * then its data's JSON text, left for whoever reads `data` to parse.
 * @param {string} text
 * @returns {import('./abi.js').McpErrorReply}
 */
export function readParts(text) {
  const first = text.indexOf(',');
  const second = text.indexOf(',', first + 1);
  const start = second + 1;
  const end = start + Number(text.slice(first + 1, second));
  return {
    code: Number(text.slice(0, first)),
    message: text.slice(start, end),
    dataJson: end < text.length ? text.slice(end) : undefined,
  };
}

/**
 * A CallToolResult (`Reply::Result`): `units,`, its text (`units` UTF-16 units), then its
 * structuredContent's JSON, so only that is parsed; a trapped instance's answer is the
 * result's JSON whole (it starts with `{`); `null` for nothing.
 * @param {string} text
 * @returns {import('../types/shapes.js').CallToolResult | null}
 */
export function readResult(text) {
  if (text === '') return null;
  if (text.charCodeAt(0) === 0x7b) return JSON.parse(text);
  const comma = text.indexOf(',');
  const start = comma + 1;
  const end = start + Number(text.slice(0, comma));
  return {
    isError: true,
    content: [{ type: 'text', text: text.slice(start, end) }],
    structuredContent: JSON.parse(text.slice(end)),
  };
}

/**
 * An index into a table the JS layer holds (`Reply::Index`): decimal text, or nothing for −1.
 * @param {string} text
 */
export function readIndex(text) {
  return text === '' ? -1 : +text;
}

/**
 * Runs operation `op` on the request written and returns its result's text; a request
 * the core could not read is a JS `Error` with its message.
 * @param {number} op
 * @param {number} length
 */
export function run(op, length) {
  const instance = /** @type {Exports} */ (exports);
  const answer = instance.mcp_envelope_call(op, length);
  refresh();
  const start = view.getUint32(resultAt, true);
  const size = answer < 0 ? -1 - answer : answer;
  const text =
    size <= TINY
      ? short(start, size)
      : buffer !== undefined
        ? buffer.utf8Slice(start, start + size)
        : decoder.decode(bytes.subarray(start, start + size));
  if (answer < 0) throw new Error(text);
  return text;
}

/**
 * A result of at most TINY bytes (an index, `null`, a short code): byte by byte while
 * they are ASCII, else decoded whole.
 * @param {number} start
 * @param {number} size
 */
function short(start, size) {
  let text = '';
  for (let i = start; i < start + size; i++) {
    const byte = /** @type {number} */ (bytes[i]);
    if (byte > 0x7f) return decoder.decode(bytes.subarray(start, start + size));
    text += String.fromCharCode(byte);
  }
  return text;
}

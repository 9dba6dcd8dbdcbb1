// Strings cross the wasm boundary both ways unchanged (lib/wire.js): a request's text is
// written unit by unit when short and otherwise by Node's Buffer (the Node entry's) or
// TextEncoder.encodeInto (every other entry), a result is read byte by byte when short
// and ASCII and otherwise by Buffer or TextDecoder. The core's boundedRequestId answers a
// short id as it came, so each round trip shows every path at every length around their
// thresholds, with characters of one to four UTF-8 bytes; each test runs with Node's
// Buffer and without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolError } from '../pkg/node.js';
import internals from '../pkg/lib/bundle.js';

const roundTrip = (id) => internals.abi.boundedRequestId({ id });
const pieces = ['a', 'é', '€', '😀', '"', '\\', '\u0000', '\u007f', '\u0080'];

const modes = { "Node's Buffer": Buffer, 'TextEncoder and TextDecoder': undefined };

for (const [mode, NodeBuffer] of Object.entries(modes)) {
  const using = (fn) => () => {
    internals.useNodeBuffer(NodeBuffer);
    try {
      fn();
    } finally {
      internals.useNodeBuffer(Buffer);
    }
  };
  test(
    `${mode}: every short and not so short string comes back as it went, whatever its characters`,
    using(() => {
      for (let length = 0; length <= 40; length++) {
        for (const piece of pieces) {
          for (const at of [0, Math.floor(length / 2), length]) {
            const ascii = 'x'.repeat(length);
            const id = ascii.slice(0, at) + piece + ascii.slice(at);
            assert.equal(roundTrip(ascii), ascii);
            assert.equal(roundTrip(id), id, JSON.stringify({ length, piece, at }));
          }
        }
      }
    }),
  );

  test(
    `${mode}: a lone surrogate crosses as U+FFFD, short or long`,
    using(() => {
      for (const length of [0, 3, 7, 8, 9, 23, 24, 25, 60]) {
        const ascii = 'y'.repeat(length);
        assert.equal(roundTrip(`${ascii}\ud800`), `${ascii}\ufffd`);
        assert.equal(roundTrip(`\udc00${ascii}`), `\ufffd${ascii}`);
      }
    }),
  );

  test(
    `${mode}: a short result with a byte past ASCII is decoded whole, not byte by byte`,
    using(() => {
      // Two to eight bytes, the last character's bytes in the middle or at the end.
      for (const id of ['é', 'aé', 'éa', 'aaaaaé', 'aaaaaaé', '€aaaaa', 'aaaa😀', '😀😀']) {
        assert.equal(roundTrip(id), id);
        assert.ok(new TextEncoder().encode(id).length <= 8, id);
      }
    }),
  );

  test(
    `${mode}: a leading U+FEFF is part of the text, short or long, not a byte-order mark`,
    using(() => {
      for (const id of ['\ufeff', '\ufeffab', '\ufeffabcdefghij', `\ufeff${'x'.repeat(60)}`]) {
        assert.equal(roundTrip(id), id);
      }
    }),
  );

  test(
    `${mode}: a long message and its envelope cross whole, around the length Buffer writes at most`,
    using(() => {
      for (const units of [7_999, 8_000, 8_001, 40_000]) {
        const message = `${'é€'.repeat(Math.floor(units / 4))}😀\ud800${'x'.repeat(units - 2 * Math.floor(units / 4) - 3)}`;
        assert.equal(message.length, units);
        const text = toolError('X', { message }).content[0].text;
        assert.ok(text.includes(`<message>${message.replace('\ud800', '\ufffd')}</message>`), String(units));
      }
    }),
  );
}

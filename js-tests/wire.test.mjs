// Strings cross the wasm boundary both ways unchanged (lib/wire.js): a request's text is
// written unit by unit when short and by TextEncoder.encodeInto otherwise, a result is
// read byte by byte when short and ASCII and by TextDecoder otherwise. The core's
// boundedRequestId answers a short id as it came, so each round trip shows both paths at
// every length around their thresholds, with characters of one to four UTF-8 bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import '../pkg/node.js';
import internals from '../pkg/lib/bundle.js';

const roundTrip = (id) => internals.abi.boundedRequestId({ id });
const pieces = ['a', 'é', '€', '😀', '"', '\\', '\u0000', '\u007f', '\u0080'];

test('every short and not so short string comes back as it went, whatever its characters', () => {
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
});

test('a lone surrogate crosses as U+FFFD, short or long', () => {
  for (const length of [0, 3, 7, 8, 9, 23, 24, 25, 60]) {
    const ascii = 'y'.repeat(length);
    assert.equal(roundTrip(`${ascii}\ud800`), `${ascii}\ufffd`);
    assert.equal(roundTrip(`\udc00${ascii}`), `\ufffd${ascii}`);
  }
});

test('a short result with a byte past ASCII is decoded whole, not byte by byte', () => {
  // Two to eight bytes, the last character's bytes in the middle or at the end.
  for (const id of ['é', 'aé', 'éa', 'aaaaaé', 'aaaaaaé', '€aaaaa', 'aaaa😀', '😀😀']) {
    assert.equal(roundTrip(id), id);
    assert.ok(new TextEncoder().encode(id).length <= 8, id);
  }
});

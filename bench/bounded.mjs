// Bounded cost: each export on an input at its cap and on one far past it (10⁴× for
// issues; 1,600× for strings, V8's string limit; 1,000× for lists and keys), and the
// ratio; the goal is within 1.5× (make bench).
// A ratio above 1.5 is printed with "over" — the input is larger than what the copy
// reads, and what remains is the JS side walking the caller's value (see the README).
import * as api from '../pkg/node.js';

const issue = (i) => ({
  code: 'invalid_type',
  expected: 'string',
  received: 'number',
  path: ['items', i],
  message: 'Expected string, received number',
});
const issues = (n) => Array.from({ length: n }, (_, i) => issue(i));
const keys = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
const text = (n) => 'x'.repeat(n);
/** V8 strings stop near 2^29 units: a string case's large run is 100 Mi units (1,600× the 64 Ki cap). */
const MAX_STRING_UNITS = 100 * 1024 * 1024;
/** A list or object's large run: a million entries (1,000× the 1,000 kept). */
const MAX_ENTRIES = 1_000_000;

// [label, make the input of size n, the export call on it, capped n]; the large run is n × 10⁴.
// A string's capped n is the cap it is cut at (64 Ki units, or the 16 KiB classify reads),
// so the large run is past every cap; a list's capped n is the 1,000 entries it keeps,
// the client's text the 1 Mi units it reads; issues start at the 100 the core examines.
const cases = [
  ['formatValidation (issues)', issues, (x) => api.formatValidation(x, { tool: 't' }), 100],
  ['formatValidationError (issues)', issues, (x) => api.formatValidationError(x, 'a', {}), 100],
  ['validationErrorResult (issues)', issues, (x) => api.validationErrorResult(x, 'a', {}), 100],
  ['groupValidationError (issues)', issues, (x) => api.groupValidationError('g', 'a', x), 100],
  [
    'errorResult (zod issues)',
    (n) => Object.assign(new Error('bad'), { name: 'ZodError', issues: issues(n) }),
    (x) => api.errorResult(x, { requestId: 'R' }),
    100,
  ],
  ['errorResult (message length)', (n) => new Error(text(n)), (x) => api.errorResult(x, { requestId: 'R' }), 65_536],
  [
    'errorResult (data size)',
    (n) => api.notFound('m', { blob: text(n) }),
    (x) => api.errorResult(x, { requestId: 'R' }),
    65_536,
  ],
  ['toolError (details keys)', keys, (x) => api.toolError('X', { message: 'm', details: x }), 1_000],
  ['toolError (message length)', text, (x) => api.toolError('X', { message: x }), 65_536],
  ['internalError (message length)', (n) => new Error(text(n)), (x) => api.internalError(x, { tool: 't' }), 65_536],
  ['classify (message length)', (n) => new Error(text(n)), (x) => api.classify(x), 16_384],
  ['logRecord (message length)', (n) => new Error(text(n)), (x) => api.logRecord(x, { tool: 't' }), 65_536],
  ['error (message length)', text, (x) => api.error(x), 65_536],
  [
    'parseToolError (text length)',
    (n) => ({
      isError: true,
      content: [{ type: 'text', text: `<tool_error code="X">\n<message>${text(n)}</message>\n</tool_error>` }],
    }),
    (x) => api.parseToolError(x),
    1_048_576,
  ],
  [
    'parseToolError (plain text)',
    (n) => ({ isError: true, content: [{ type: 'text', text: text(n) }] }),
    (x) => api.parseToolError(x),
    1_048_576,
  ],
  [
    'formatDeltasAsXml (deltas)',
    (n) => Array.from({ length: n }, (_, i) => ({ field: `f${i}`, severity: 'BREAKING', description: 'd' })),
    (x) => api.formatDeltasAsXml(x),
    1_000,
  ],
];

// The fastest of repeated calls on one input, in µs (the input is built outside the
// timing): a garbage collection of a 100 MB input landing inside one call is noise, not
// the export's cost, and the fastest call is what the export itself costs.
function cost(call, input) {
  for (let i = 0; i < 3; i += 1) call(input);
  let best = Infinity;
  for (let round = 0; round < 21; round += 1) {
    const t0 = process.hrtime.bigint();
    call(input);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e3);
  }
  return best;
}

console.log(
  'export (what grows)'.padEnd(34),
  'capped n'.padStart(9),
  'cost'.padStart(10),
  'large n'.padStart(11),
  'cost'.padStart(10),
  'ratio'.padStart(7),
);
// `node bench/bounded.mjs parseToolError`: only the rows whose label contains the argument.
const only = process.argv[2];
for (const [label, make, call, n] of cases.filter(([label]) => only === undefined || label.includes(only))) {
  const big = Math.min(n * 10_000, n >= 16_384 ? MAX_STRING_UNITS : MAX_ENTRIES);
  // Interleaved, each the fastest of its runs, so the heap the large input leaves behind
  // weighs on both sides alike.
  const smallInput = make(n);
  const largeInput = make(big);
  const small = Math.min(cost(call, smallInput), cost(call, smallInput));
  const large = Math.min(cost(call, largeInput), cost(call, largeInput));
  const ratio = large / small;
  console.log(
    label.padEnd(34),
    String(n).padStart(9),
    `${small.toFixed(1)}µs`.padStart(10),
    String(big).padStart(11),
    `${large.toFixed(1)}µs`.padStart(10),
    `${ratio.toFixed(2)}×`.padStart(7),
    ratio <= 1.5 ? '' : 'over',
  );
}

// Within the caps, linear: texts shaped so that a scan from every word or every field
// to the end of the text would cost the square of its length (each was once so). Cost at
// n and at 4n; the goal is at most 4 × 1.5.
const deepArray = () => JSON.parse(`${'['.repeat(70)}1${']'.repeat(70)}`);
const linear = [
  ['toolError (dotted words)', (n) => 'a.'.repeat(n / 2), (x) => api.toolError('X', { message: x })],
  // classify reads 16 KiB: its text is a quarter of n, so 4n is the cap.
  [
    'classify (a head with no tail)',
    (n) => new Error(`xrequired ${'missing '.repeat(n / 32)}`),
    (x) => api.classify(x),
  ],
  [
    'errorResult (data full of tags)',
    (n) => {
      let text = '';
      for (let i = 0; text.length < n; i++) text += `mcp-envelope:raw${i}:`;
      return api.notFound('m', { text: text.slice(0, 65_000), deep: deepArray() });
    },
    (x) => api.errorResult(x, { requestId: 'R' }),
  ],
  // A union whose branches' paths are long: the arguments' pruning by depth is built only
  // for the depths the arguments have.
  [
    'formatValidation (long branch paths)',
    (n) => {
      const path = (k) => Array.from({ length: n / 256 }, (_, i) => `s${k}_${i}`);
      const errors = [0, 1, 2, 3].map((k) => [
        { code: 'invalid_type', expected: 'string', path: path(k), message: 'm' },
      ]);
      return [{ code: 'invalid_union', errors, path: ['a'], message: 'Invalid input' }];
    },
    (x) => api.formatValidation(x, { tool: 't', args: { a: { b: 1 } } }),
  ],
  [
    'errorResult (many deep fields)',
    (n) => api.notFound('m', Object.fromEntries(Array.from({ length: n / 128 }, (_, i) => [`k${i}`, deepArray()]))),
    (x) => api.errorResult(x, { requestId: 'R' }),
  ],
];
console.log();
console.log(
  'export (shape)'.padEnd(34),
  'n'.padStart(9),
  'cost'.padStart(10),
  '4n'.padStart(11),
  'cost'.padStart(10),
  'ratio'.padStart(7),
);
for (const [label, make, call] of linear.filter(([label]) => only === undefined || label.includes(only))) {
  const n = 16_384;
  const small = cost(call, make(n));
  const large = cost(call, make(4 * n));
  const ratio = large / small;
  console.log(
    label.padEnd(34),
    String(n).padStart(9),
    `${small.toFixed(1)}µs`.padStart(10),
    String(4 * n).padStart(11),
    `${large.toFixed(1)}µs`.padStart(10),
    `${ratio.toFixed(2)}×`.padStart(7),
    ratio <= 6 ? '' : 'over',
  );
}

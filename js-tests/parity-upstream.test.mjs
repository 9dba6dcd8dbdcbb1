// Parity of httpErrorFromResponse: the same upstream responses through the npm package
// (a real `Response`, its body streamed in chunks, its `Headers` the platform's) and
// through the crate's Rust API (`http_error_from_response` over the status, the header
// pairs and the body's bytes, examples/parity.rs), byte-identical McpErrors required.
// The responses are mcp-ts-core's test rows (js-tests/upstream.test.mjs) and seeded
// hostile ones: bodies cut inside a character, invalid UTF-8, a byte order mark, long
// and secret-bearing URLs, status texts and header values past the caps, credential
// headers, repeated headers, 64 asked names, odd statuses and limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { httpErrorFromResponse } from '../pkg/node.js';
import { differing } from './parity.mjs';
import { seeded } from './seeded.mjs';

/** A Response of that shape: `status`, `statusText` and `url` set as given (a constructed one refuses some). */
function response({ status, statusText, url, headers, body, chunk }) {
  const made = new Response(null, { status: 200, headers: new Headers(headers) });
  let stream = null;
  if (body !== null) {
    const bytes = Uint8Array.from(body);
    let at = 0;
    // Pulled a chunk at a time: what is never read is never made.
    stream = new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(at, at + chunk));
        at += chunk;
      },
    });
  }
  for (const [key, value] of Object.entries({ status, statusText, url, body: stream })) {
    Object.defineProperty(made, key, { value });
  }
  return made;
}

const random = seeded(0x0b57ea3);
const pick = (list) => list[Math.floor(random() * list.length)];
const utf8 = (text) => [...new TextEncoder().encode(text)];

const BODIES = [
  null,
  [],
  utf8('slow down'),
  utf8('é'.repeat(300)),
  utf8('😀'.repeat(200)),
  [0xef, 0xbb, 0xbf, ...utf8('{"error":"bom"}')],
  [0x61, 0xff, 0x62, 0xe2, 0x82, 0x63, 0xc3],
  utf8(`token=abc123 ${'x'.repeat(2000)} password=hunter2`),
  utf8('ab'.repeat(600000)),
];
const URLS = [
  '',
  'https://api.example.com/foo',
  'https://user:pw@api.example.com/v1/search?q=secret-term&api_key=REDACTED#frag',
  'not a url',
  `https://api.example.com/${'p'.repeat(70000)}?token=t`,
  'http://[::1]:8080/x?access_token=abc&page=2',
];
const STATUS_TEXTS = ['', 'Too Many Requests', 'x'.repeat(70000), 'Bad Gateway'];
const STATUSES = [99, 101, 200, 301, 400, 401, 403, 404, 409, 413, 422, 429, 500, 501, 502, 503, 504, 599, 600];
const HEADER_SETS = [
  [],
  [['retry-after', '30']],
  [['Retry-After', 'Wed, 21 Oct 2015 07:28:00 GMT']],
  [['retry-after', 'soon']],
  [
    ['x-request-id', 'req-7'],
    ['X-Request-Id', 'req-8'],
    ['authorization', 'Bearer secret'],
    ['set-cookie', 'a=b'],
    ['x-api-key', 'k'],
  ],
  [['x-long', 'v'.repeat(70000)]],
];
const NAMES = [
  undefined,
  ['x-request-id'],
  ['X-REQUEST-ID', 'x-request-id', 'authorization', 'set-cookie', 'x-api-key', 'x-absent', 'x-long'],
  Array.from({ length: 64 }, (_, i) => (i === 63 ? 'x-request-id' : `x-h${i}`)),
];
const LIMITS = [undefined, 0, 1, 2, 3, 7, 500, 4000, 2 ** 20, 2 ** 21];

function hostileCase() {
  const options = {};
  if (random() < 0.4) options.service = pick(['NCBI', 'Weather API', `S${'s'.repeat(70000)}`, 'token=abc']);
  if (random() < 0.2) options.captureBody = false;
  const limit = pick(LIMITS);
  if (limit !== undefined) options.bodyLimit = limit;
  if (random() < 0.5) options.includeUrl = true;
  const names = pick(NAMES);
  if (names !== undefined) options.errorHeaders = names;
  if (random() < 0.3) options.data = pick([{ endpoint: 'g' }, { status: 'ours', extra: [1, { a: null }] }, {}]);
  return {
    status: pick(STATUSES),
    statusText: pick(STATUS_TEXTS),
    url: pick(URLS),
    headers: pick(HEADER_SETS),
    body: pick(BODIES),
    chunk: pick([1, 3, 64, 100000]),
    options,
  };
}

/** mcp-ts-core's own rows (as js-tests/upstream.test.mjs builds them). */
const ROWS = [
  {
    status: 429,
    statusText: 'Too Many Requests',
    url: 'https://api.example.com/foo',
    headers: [['retry-after', '30']],
    body: utf8('slow down'),
    options: { service: 'NCBI' },
  },
  {
    status: 400,
    statusText: '',
    url: 'https://api.example.com/v1/search?q=secret-term&api_key=REDACTED',
    headers: [],
    body: null,
    options: { service: 'Example', captureBody: false },
  },
  {
    status: 400,
    statusText: '',
    url: 'https://api.example.com/v1/search?q=secret-term&api_key=REDACTED',
    headers: [],
    body: null,
    options: { includeUrl: true },
  },
  {
    status: 429,
    statusText: '',
    url: '',
    headers: [['x-request-id', 'req-7']],
    body: null,
    options: { errorHeaders: ['x-request-id'], data: { headers: { 'x-request-id': 'caller-owned' } } },
  },
];

/** The call examples/parity.rs reads: the header pairs as given, the body's bytes. */
const encode = (c) => ({
  status: c.status,
  statusText: c.statusText,
  url: c.url,
  headers: c.headers,
  body: c.body,
  options: c.options,
});

test('httpErrorFromResponse: the same McpError through the npm package and the Rust API', async () => {
  const cases = [...ROWS.map((r) => ({ ...r, chunk: 4 })), ...Array.from({ length: 150 }, hostileCase)];
  const ours = [];
  for (const c of cases) {
    const error = await httpErrorFromResponse(response(c), c.options);
    ours.push(JSON.stringify({ code: error.code, message: error.message, data: error.data }));
  }
  const asked = cases.map((c) => ({ op: 'http_error_from_response', args: encode(c) }));
  const label = (_call, i) => `case ${i} ${JSON.stringify(cases[i]).slice(0, 300)}`;
  assert.deepEqual(differing(asked, ours, label), []);
});

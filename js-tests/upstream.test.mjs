// httpErrorFromResponse against real `Response` objects (Node's global, undici's): every
// status class, the body bound (a huge streamed body is never read whole), Retry-After,
// the headers a caller asks for and the credential ones it never gets, the URL scrubbed,
// unreadable bodies, and the vectors read from mcp-ts-core's own tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { httpErrorFromResponse, JsonRpcErrorCode, McpError } from '../pkg/node.js';

const C = JsonRpcErrorCode;

/**
 * A Response as mcp-ts-core's tests make one (tests/unit/utils/network/httpError.test.ts
 * @ 37668a63a678a4a513503235142a5c14813b730b, `makeResponse`): a null body unless given,
 * the URL put on with defineProperty (a constructed Response has none).
 */
function makeResponse(status, { body, headers, statusText, url } = {}) {
  const response = new Response(body ?? null, { status, statusText: statusText ?? '', ...(headers && { headers }) });
  if (url) Object.defineProperty(response, 'url', { value: url });
  return response;
}

/** A Response whose status is one `new Response` refuses (1xx): set after construction. */
function withStatus(status) {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'status', { value: status });
  return response;
}

const SECRET_URL = 'https://api.example.com/v1/search?q=secret-term&api_key=REDACTED';
const REF = 'mcp-ts-core tests/unit/utils/network/httpError.test.ts @ 37668a63a678a4a513503235142a5c14813b730b';

// Our vectors, read from mcp-ts-core's source: the input, what it builds (code, message,
// the whole `data`). `differs` names a row of the README's differences table.
const VECTORS = [
  {
    source: `${REF}: classifies 429 as RateLimited and includes Retry-After`,
    response: () =>
      makeResponse(429, {
        body: 'slow down',
        headers: { 'retry-after': '30' },
        statusText: 'Too Many Requests',
        url: 'https://api.example.com/foo',
      }),
    options: { service: 'NCBI' },
    code: C.RateLimited,
    message: 'NCBI returned HTTP 429 Too Many Requests.',
    data: {
      status: 429,
      statusText: 'Too Many Requests',
      body: 'slow down',
      statusCode: 429,
      responseBody: 'slow down',
      retryAfter: '30',
    },
  },
  {
    source: `${REF}: omits the upstream URL from error.data by default`,
    response: () => makeResponse(400, { url: SECRET_URL }),
    options: { service: 'Example', captureBody: false },
    code: C.InvalidParams,
    message: 'Example returned HTTP 400.',
    data: { status: 400, statusCode: 400 },
  },
  {
    source: `${REF}: puts the full URL on data.url when includeUrl is set`,
    response: () => makeResponse(400, { url: SECRET_URL }),
    options: { includeUrl: true },
    code: C.InvalidParams,
    message: 'api.example.com returned HTTP 400.',
    data: {
      url: 'https://api.example.com/v1/search?q=secret-term&api_key=***',
      status: 400,
      body: '',
      statusCode: 400,
      responseBody: '',
    },
    differs: 'the credential query value is masked (the reference writes the URL whole)',
  },
  {
    source: `${REF}: keeps the host in the message even though the URL is dropped from data`,
    response: () => makeResponse(503, { url: SECRET_URL }),
    options: undefined,
    code: C.ServiceUnavailable,
    message: 'api.example.com returned HTTP 503.',
    data: { status: 503, body: '', statusCode: 503, responseBody: '' },
  },
  {
    source: `${REF}: falls back to "Upstream" when no service or URL is available`,
    response: () => makeResponse(500),
    options: undefined,
    code: C.ServiceUnavailable,
    message: 'Upstream returned HTTP 500.',
    data: { status: 500, body: '', statusCode: 500, responseBody: '' },
  },
  {
    source: `${REF}: marks an upstream 501 non-retryable while keeping it ServiceUnavailable`,
    response: () => makeResponse(501),
    options: { service: 'NCBI' },
    code: C.ServiceUnavailable,
    message: 'NCBI returned HTTP 501.',
    data: { status: 501, body: '', statusCode: 501, responseBody: '', retryable: false },
  },
  {
    source: `${REF}: lets caller-supplied data override the 501 retryability default`,
    response: () => makeResponse(501),
    options: { data: { retryable: true } },
    code: C.ServiceUnavailable,
    message: 'Upstream returned HTTP 501.',
    data: { status: 501, body: '', statusCode: 501, responseBody: '', retryable: true },
  },
  {
    source: `${REF}: truncates large bodies to bodyLimit`,
    response: () => makeResponse(500, { body: 'x'.repeat(10_000) }),
    options: { bodyLimit: 50 },
    code: C.ServiceUnavailable,
    message: 'Upstream returned HTTP 500.',
    data: { status: 500, body: `${'x'.repeat(50)}…`, statusCode: 500, responseBody: `${'x'.repeat(50)}…` },
  },
  {
    source: `${REF}: cancels an oversized streaming body and bounds multibyte capture by bytes`,
    response: () => new Response(new TextEncoder().encode('😀'.repeat(100)), { status: 500 }),
    options: { bodyLimit: 50 },
    code: C.ServiceUnavailable,
    message: 'Upstream returned HTTP 500.',
    // 50 bytes hold 12 four-byte emoji; the 13th would be cut in half.
    data: { status: 500, body: `${'😀'.repeat(12)}…`, statusCode: 500, responseBody: `${'😀'.repeat(12)}…` },
  },
  {
    source: `${REF}: merges extra data fields`,
    response: () => makeResponse(404),
    options: { data: { endpoint: 'esearch', requestId: 'abc-123' } },
    code: C.NotFound,
    message: 'Upstream returned HTTP 404.',
    data: { status: 404, body: '', statusCode: 404, responseBody: '', endpoint: 'esearch', requestId: 'abc-123' },
  },
  {
    source: `${REF}: returns InternalError fallback for non-error status codes`,
    response: () => makeResponse(204),
    options: undefined,
    code: C.InternalError,
    message: 'Upstream returned HTTP 204.',
    data: { status: 204, body: '', statusCode: 204, responseBody: '' },
  },
  {
    source: `${REF}: classifies a redirect as InvalidRequest rather than InternalError`,
    response: () => makeResponse(302, { headers: { location: 'https://elsewhere.example/moved' } }),
    options: { service: 'Example', errorHeaders: ['location'] },
    code: C.InvalidRequest,
    message: 'Example returned HTTP 302.',
    data: {
      status: 302,
      body: '',
      statusCode: 302,
      responseBody: '',
      headers: { location: 'https://elsewhere.example/moved' },
    },
  },
  {
    source: `${REF}: selects case-insensitively and lowercases the keys; never captures set-cookie`,
    response: () =>
      makeResponse(429, {
        headers: { 'x-ratelimit-remaining-usd': '0.42', 'x-request-id': 'req-7', 'set-cookie': 'session=secret' },
      }),
    options: { errorHeaders: ['X-Request-Id', 'X-RateLimit-Remaining-USD', 'Set-Cookie', 'x-request-id'] },
    code: C.RateLimited,
    message: 'Upstream returned HTTP 429.',
    data: {
      status: 429,
      body: '',
      statusCode: 429,
      responseBody: '',
      headers: { 'x-request-id': 'req-7', 'x-ratelimit-remaining-usd': '0.42' },
    },
  },
  {
    source: `${REF}: lets caller-supplied data.headers win on key collision`,
    response: () => makeResponse(429, { headers: { 'x-request-id': 'req-7' } }),
    options: { errorHeaders: ['x-request-id'], data: { headers: { 'x-request-id': 'caller-owned' } } },
    code: C.RateLimited,
    message: 'Upstream returned HTTP 429.',
    data: { status: 429, body: '', statusCode: 429, responseBody: '', headers: { 'x-request-id': 'caller-owned' } },
  },
];

for (const vector of VECTORS) {
  test(`vector: ${vector.source.slice(REF.length + 2)}${vector.differs ? ` (differs: ${vector.differs})` : ''}`, async () => {
    const error = await httpErrorFromResponse(vector.response(), vector.options);
    assert.ok(error instanceof McpError);
    assert.equal(error.code, vector.code);
    assert.equal(error.message, vector.message);
    assert.deepEqual(error.data, vector.data);
    // Key order as the reference builds its object.
    assert.deepEqual(Object.keys(error.data), Object.keys(vector.data));
  });
}

test('every status class maps as httpStatusToErrorCode does; 1xx and 2xx are InternalError', async () => {
  const table = [
    [101, C.InternalError],
    [200, C.InternalError],
    [204, C.InternalError],
    [301, C.InvalidRequest],
    [304, C.InvalidRequest],
    [400, C.InvalidParams],
    [401, C.Unauthorized],
    [402, C.Forbidden],
    [403, C.Forbidden],
    [404, C.NotFound],
    [405, C.InvalidRequest],
    [408, C.Timeout],
    [409, C.Conflict],
    [410, C.InvalidRequest],
    [422, C.ValidationError],
    [423, C.Conflict],
    [425, C.Timeout],
    [429, C.RateLimited],
    [451, C.InvalidRequest],
    [500, C.ServiceUnavailable],
    [501, C.ServiceUnavailable],
    [502, C.ServiceUnavailable],
    [503, C.ServiceUnavailable],
    [504, C.Timeout],
    [599, C.ServiceUnavailable],
  ];
  for (const [status, code] of table) {
    const response = status < 200 ? withStatus(status) : makeResponse(status);
    const error = await httpErrorFromResponse(response, { service: 'Billing' });
    assert.equal(error.code, code, `${status}`);
    assert.equal(error.message, `Billing returned HTTP ${status}.`);
    assert.equal(error.data.status, status);
    assert.equal(error.data.statusCode, status);
    assert.equal('retryable' in error.data, status === 501, `${status}`);
  }
});

test('the message names the service, else the host (never userinfo or path), else Upstream; statusText after a space', async () => {
  const url = 'https://admin:hunter2@API.Example.com:8443/v1/x?token=abc';
  const byHost = await httpErrorFromResponse(makeResponse(502, { url, statusText: 'Bad Gateway' }));
  assert.equal(byHost.message, 'api.example.com:8443 returned HTTP 502 Bad Gateway.');
  const byService = await httpErrorFromResponse(makeResponse(502, { url }), { service: 'Billing API' });
  assert.equal(byService.message, 'Billing API returned HTTP 502.');
  const none = await httpErrorFromResponse(makeResponse(502, { url: 'not a url' }));
  assert.equal(none.message, 'Upstream returned HTTP 502.');
});

test('a body over the limit is cut on a character boundary with …; one of exactly the limit is whole', async () => {
  const exact = await httpErrorFromResponse(makeResponse(500, { body: 'y'.repeat(50) }), { bodyLimit: 50 });
  assert.equal(exact.data.body, 'y'.repeat(50));
  const over = await httpErrorFromResponse(makeResponse(500, { body: 'y'.repeat(51) }), { bodyLimit: 50 });
  assert.equal(over.data.body, `${'y'.repeat(50)}…`);
  // 49 ASCII bytes, then € (3 bytes) straddles the limit: it is left out whole.
  const euro = await httpErrorFromResponse(makeResponse(500, { body: `${'a'.repeat(49)}€€` }), { bodyLimit: 50 });
  assert.equal(euro.data.body, `${'a'.repeat(49)}…`);
  assert.ok(!euro.data.body.includes('\uFFFD'));
  // The default limit is mcp-ts-core's 500 bytes.
  const byDefault = await httpErrorFromResponse(makeResponse(500, { body: 'z'.repeat(5000) }));
  assert.equal(byDefault.data.body, `${'z'.repeat(500)}…`);
  // A byte order mark is dropped, as the reference's decoder drops it.
  const bom = await httpErrorFromResponse(makeResponse(500, { body: '\uFEFF{"error":"x"}' }));
  assert.equal(bom.data.body, '{"error":"x"}');
});

/** A body of `total` bytes made on demand, 64 KiB per pull, counting pulls and cancels. */
function countedStream(total) {
  const state = { pulls: 0, produced: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const stream = new ReadableStream({
    pull(controller) {
      state.pulls += 1;
      const size = Math.min(chunk.byteLength, total - state.produced);
      if (size <= 0) {
        controller.close();
        return;
      }
      state.produced += size;
      controller.enqueue(chunk.subarray(0, size));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

test('a 1 GiB streamed body is never read whole: a few pulls, then the rest is cancelled', async () => {
  const { stream, state } = countedStream(1024 ** 3);
  const error = await httpErrorFromResponse(new Response(stream, { status: 502 }), { service: 'Big' });
  assert.equal(error.data.body, `${'a'.repeat(500)}…`);
  assert.ok(state.pulls <= 3, `${state.pulls} pulls`);
  assert.ok(state.produced <= 3 * 64 * 1024, `${state.produced} bytes produced`);
  assert.equal(state.cancelled, true);
  // A limit asked far past the cap reads at most the cap (1 MiB), then cancels.
  const capped = countedStream(1024 ** 3);
  const big = await httpErrorFromResponse(new Response(capped.stream, { status: 502 }), { bodyLimit: 2 ** 40 });
  assert.equal(big.data.body.length, 2 ** 20 + 1);
  assert.ok(capped.state.produced <= 2 ** 20 + 3 * 64 * 1024, `${capped.state.produced} bytes produced`);
  assert.equal(capped.state.cancelled, true);
});

test('a body read to its end within the limit is not cancelled', async () => {
  const { stream, state } = countedStream(100);
  const error = await httpErrorFromResponse(new Response(stream, { status: 500 }));
  assert.equal(error.data.body, 'a'.repeat(100));
  assert.equal(state.cancelled, false);
});

test('Retry-After: delta-seconds and an HTTP-date are kept as sent, anything else is left out', async () => {
  const cases = [
    ['120', '120'],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT'],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 'Sunday, 06-Nov-94 08:49:37 GMT'],
    ['Sun Nov  6 08:49:37 1994', 'Sun Nov  6 08:49:37 1994'],
    ['soon', undefined],
    ['-5', undefined],
    ['1.5', undefined],
    ['2026-01-01T00:00:00Z', undefined],
    ['Wed, 31 Apr 2015 07:28:00 GMT', undefined],
    ['<script>', undefined],
  ];
  for (const [value, kept] of cases) {
    const error = await httpErrorFromResponse(makeResponse(429, { headers: { 'retry-after': value } }));
    assert.equal(error.data.retryAfter, kept, value);
    assert.equal('retryAfter' in error.data, kept !== undefined, value);
  }
  const none = await httpErrorFromResponse(makeResponse(429));
  assert.equal('retryAfter' in none.data, false);
});

test('credential headers are never captured, whatever errorHeaders asks; others under lowercase keys', async () => {
  const headers = {
    authorization: 'Bearer sk-live-SECRET',
    'proxy-authorization': 'Basic SECRET',
    cookie: 'sid=SECRET',
    'set-cookie': 'sid=SECRET; HttpOnly',
    'x-api-key': 'SECRET',
    'x-auth-token': 'SECRET',
    'x-client-secret': 'SECRET',
    'x-amz-security-token': 'SECRET',
    'x-request-id': 'req-7',
    'x-empty': '',
  };
  const error = await httpErrorFromResponse(makeResponse(403, { headers }), {
    service: 'Vault',
    errorHeaders: [...Object.keys(headers).map((h) => h.toUpperCase()), 'x-absent'],
  });
  assert.deepEqual(error.data.headers, { 'x-request-id': 'req-7', 'x-empty': '' });
  assert.doesNotMatch(JSON.stringify(error.data), /SECRET/);
  const onlyCredentials = await httpErrorFromResponse(makeResponse(401, { headers }), {
    errorHeaders: ['Authorization', 'Cookie'],
  });
  assert.equal('headers' in onlyCredentials.data, false);
  const unasked = await httpErrorFromResponse(makeResponse(401, { headers }));
  assert.equal('headers' in unasked.data, false);
});

test('includeUrl is off by default; with it the URL has no userinfo, no fragment, no credential value', async () => {
  const url = 'https://admin:hunter2@api.example.com/v1/items?q=lamp&api_key=K1&token=T2&access_token=T3#frag';
  const plain = await httpErrorFromResponse(makeResponse(404, { url }));
  assert.equal('url' in plain.data, false);
  assert.doesNotMatch(JSON.stringify(plain), /hunter2|K1|T2|T3/);
  const asked = await httpErrorFromResponse(makeResponse(404, { url }), { includeUrl: true });
  assert.equal(asked.data.url, 'https://api.example.com/v1/items?q=lamp&api_key=***&token=***&access_token=***');
  assert.doesNotMatch(`${asked.message} ${JSON.stringify(asked.data)}`, /hunter2|admin|K1|T2|T3|frag/);
  const empty = await httpErrorFromResponse(makeResponse(404), { includeUrl: true });
  assert.equal('url' in empty.data, false);
});

test('a body that cannot be read still yields the error, without a body', async () => {
  const erroring = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('partial'));
      controller.error(new Error('socket hang up'));
    },
  });
  const aborted = await httpErrorFromResponse(new Response(erroring, { status: 502 }), { service: 'Flaky' });
  assert.equal(aborted.code, C.ServiceUnavailable);
  assert.equal(aborted.message, 'Flaky returned HTTP 502.');
  assert.deepEqual(aborted.data, { status: 502, statusCode: 502 });

  const used = makeResponse(500, { body: 'already read' });
  await used.text();
  const afterUse = await httpErrorFromResponse(used);
  assert.deepEqual(afterUse.data, { status: 500, statusCode: 500 });

  const notBytes = new ReadableStream({
    start(controller) {
      controller.enqueue('a string, not bytes');
    },
  });
  const odd = await httpErrorFromResponse(new Response(notBytes, { status: 500 }));
  assert.deepEqual(odd.data, { status: 500, statusCode: 500 });

  // A response-shaped object whose body and headers throw on every read.
  const hostile = {
    status: 503,
    get statusText() {
      throw new Error('SECRET');
    },
    url: 'https://api.example.com/',
    headers: {
      get() {
        throw new Error('SECRET');
      },
    },
    get body() {
      throw new Error('SECRET');
    },
  };
  const fromHostile = await httpErrorFromResponse(hostile, { errorHeaders: ['x-request-id'] });
  assert.equal(fromHostile.message, 'api.example.com returned HTTP 503.');
  assert.deepEqual(fromHostile.data, { status: 503, statusCode: 503 });
});

test('bodyLimit 0 or captureBody false leaves the body out and the stream untouched', async () => {
  for (const options of [{ bodyLimit: 0 }, { captureBody: false }, { captureBody: false, bodyLimit: 100 }]) {
    const { stream, state } = countedStream(1024);
    const response = new Response(stream, { status: 401 });
    const error = await httpErrorFromResponse(response, options);
    assert.deepEqual(error.data, { status: 401, statusCode: 401 }, JSON.stringify(options));
    assert.equal(response.bodyUsed, false);
    assert.equal(state.cancelled, false);
  }
});

test("the caller's data: its own values (not copies), each replacing ours in place, the rest after", async () => {
  const endpoint = { name: 'esearch' };
  const error = await httpErrorFromResponse(makeResponse(500, { body: 'boom' }), {
    data: { body: 'mine', endpoint },
  });
  assert.deepEqual(Object.keys(error.data), ['status', 'body', 'statusCode', 'responseBody', 'endpoint']);
  assert.equal(error.data.body, 'mine');
  assert.equal(error.data.responseBody, 'boom');
  assert.equal(error.data.endpoint, endpoint);
});

test('the stack starts at the caller, after the body was awaited', async () => {
  const error = await httpErrorFromResponse(new Response('upstream down', { status: 503 }), { service: 'probe' });
  const lines = String(error.stack).split('\n');
  assert.equal(lines[0], 'McpError: probe returned HTTP 503.');
  assert.match(lines[1], /upstream\.test\.mjs/);
  assert.doesNotMatch(error.stack, /lib[\\/]upstream\.js|pkg[\\/]/);
});

test('bad arguments reject with a TypeError naming the option, never its value', async () => {
  const ok = makeResponse(500);
  const bad = [
    [null, undefined, /`response` must be a Response/],
    ['https://x', undefined, /`response` must be a Response/],
    [{}, undefined, /`response.status` must be a number/],
    [ok, 'NCBI', /`options` must be an object/],
    [ok, { service: 42 }, /`options.service` must be a non-empty string, got a number/],
    [ok, { service: '' }, /`options.service` must be a non-empty string/],
    [ok, { bodyLimit: -1 }, /`options.bodyLimit` must be a non-negative integer/],
    [ok, { bodyLimit: 1.5 }, /`options.bodyLimit` must be a non-negative integer/],
    [ok, { bodyLimit: '500' }, /`options.bodyLimit` must be a non-negative integer, got a string/],
    [ok, { captureBody: 'no' }, /`options.captureBody` must be a boolean/],
    [ok, { includeUrl: 1 }, /`options.includeUrl` must be a boolean/],
    [ok, { errorHeaders: 'x-request-id' }, /`options.errorHeaders` must be an array of header names/],
    [ok, { errorHeaders: [1] }, /`options.errorHeaders\[0\]` must be a string/],
    [
      ok,
      { errorHeaders: Array.from({ length: 65 }, (_, i) => `x-${i}`) },
      /`options.errorHeaders` must be an array of at most 64 header names, got an array/,
    ],
    [ok, { data: 'x' }, /`options.data` must be an object of fields/],
    [ok, { data: [1] }, /`options.data` must be an object of fields/],
    [ok, { data: null }, /`options.data` must be an object of fields/],
  ];
  for (const [response, options, message] of bad) {
    await assert.rejects(httpErrorFromResponse(response, options), (error) => {
      assert.ok(error instanceof TypeError, String(error));
      assert.match(error.message, message);
      assert.doesNotMatch(error.message, /NCBI|x-request-id|https:\/\/x/);
      return true;
    });
  }
  // Left out: options, and every option in them.
  assert.equal((await httpErrorFromResponse(makeResponse(500))).code, C.ServiceUnavailable);
  assert.equal((await httpErrorFromResponse(makeResponse(500), {})).code, C.ServiceUnavailable);
});

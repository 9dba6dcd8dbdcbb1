// make demo: a dozen errors a real MCP tool handler throws, with the code each is
// classified to and the envelope a model receives.
import { classify, errorResult, notFound, rateLimited, McpError, JsonRpcErrorCode } from '../pkg/node.js';

const withName = (error, name, extra = {}) => Object.assign(error, { name }, extra);

const thrown = [
  ['fetch to an upstream API', new Error('Request failed with status code 503')],
  [
    'Postgres unique violation',
    withName(new Error('duplicate key value violates unique constraint "users_email_key"'), 'PostgresError'),
  ],
  ['connection refused', withName(new Error('connect ECONNREFUSED 127.0.0.1:5432'), 'Error', { code: 'ECONNREFUSED' })],
  ['expired Supabase session', new Error('JWT expired')],
  ['OpenAI quota', new Error('You exceeded your current quota: insufficient_quota')],
  ['AWS throttling', withName(new Error('Rate exceeded'), 'ThrottlingException')],
  ['a bug in the handler', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ['runaway recursion', new RangeError('Maximum call stack size exceeded')],
  ['an aborted fetch', new DOMException('The operation was aborted.', 'AbortError')],
  [
    'a declared failure',
    notFound('No invoice inv_2026_9999', {
      reason: 'no_match',
      retryable: false,
      recovery: { hint: 'List invoices first, then retry with a real ID.' },
    }),
  ],
  ['a queue at capacity', rateLimited('Queue at capacity.', { reason: 'queue_full', retryable: true })],
  [
    'an McpError with unsendable data',
    new McpError(JsonRpcErrorCode.DatabaseError, 'Pool exhausted', { pool: 'primary', connections: 10n }),
  ],
  [
    'a revoked Proxy',
    (() => {
      const r = Proxy.revocable({}, {});
      r.revoke();
      return r.proxy;
    })(),
  ],
];

for (const [label, error] of thrown) {
  const { code, name, category } = classify(error);
  const envelope = errorResult(error, { requestId: 'DEMO1-REQ42' });
  console.log(`── ${label}: ${name} (${code}, ${category})`);
  console.log(envelope.content[0].text.replace(/^(?=.)/gm, '   '));
  console.log(`   structuredContent: ${JSON.stringify(envelope.structuredContent)}`);
}

// make bench: toolError and errorResult against plain-JS floors that write the same
// bytes: template strings and replace() escaping, no redaction, no bounds, no checks of
// untrusted input — what the envelope costs at the least. Each floor is checked once
// against the package before timing; ours and the floor are timed in interleaved rounds,
// medians and fastest rounds. Figures only; nothing asserts speed.
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { duration, interleavedRounds, packageDir, speed } from './timing.mjs';

const BRAND = Symbol.for('mcp-fusion.ToolResponse');
const TEXT = { '&': '&amp;', '<': '&lt;' };
const ATTR = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const text = (s) => s.replace(/[&<]/g, (c) => TEXT[c]);
const attr = (s) => s.replace(/[&<>"']/g, (c) => ATTR[c]);

/** The floor of toolError: the same <tool_error> for string details and no secrets. */
function floorToolError(code, o) {
  const severity = o.severity ?? 'error';
  let t = `<tool_error code="${attr(code)}" severity="${attr(severity)}">\n<message>${text(o.message)}</message>\n`;
  if (o.suggestion) t += `<recovery>${text(o.suggestion)}</recovery>\n`;
  if (o.availableActions && o.availableActions.length > 0) {
    t += '<available_actions>\n';
    for (const a of o.availableActions) t += `  <action>${text(a)}</action>\n`;
    t += '</available_actions>\n';
  }
  if (o.details) {
    const keys = Object.keys(o.details);
    if (keys.length > 0) {
      t += '<details>\n';
      for (const k of keys) t += `  <detail key="${attr(k)}">${text(String(o.details[k]))}</detail>\n`;
      t += '</details>\n';
    }
  }
  if (Number.isFinite(o.retryAfter) && o.retryAfter > 0) t += `<retry_after>${o.retryAfter} seconds</retry_after>\n`;
  t += '</tool_error>';
  const response = { content: [{ type: 'text', text: t }], isError: severity !== 'warning' };
  Object.defineProperty(response, BRAND, { value: true });
  return response;
}

/** The floor of errorResult for an McpError whose data holds a reason and a recovery hint. */
function floorErrorResult(e, requestId) {
  const data = { ...e.data, requestId };
  let t = `Error: ${e.message}`;
  const hint = e.data?.recovery?.hint;
  if (typeof hint === 'string' && hint !== '') t += `\n\nRecovery: ${hint}`;
  const terms = [];
  if (typeof e.data?.reason === 'string') terms.push(`reason ${e.data.reason}`);
  if (typeof e.data?.retryable === 'boolean') terms.push(e.data.retryable ? 'retryable' : 'not retryable');
  terms.push(`request ${requestId}`);
  t += `\n\n(${terms.join(' · ')})`;
  return {
    isError: true,
    content: [{ type: 'text', text: t }],
    structuredContent: { error: { code: e.code, message: e.message, data } },
  };
}

/** The toolError calls timed (code, options): the message alone, then every field. */
export const TOOL_ERROR_CASES = [
  ['NOT_FOUND', { message: 'Invoice inv_42 was not found' }],
  [
    'NOT_FOUND',
    {
      message: 'Invoice inv_42 was not found for tenant <acme>',
      suggestion: 'Call list_invoices to see the ids that exist & retry',
      availableActions: ['list_invoices', 'get_invoice'],
      details: { invoiceId: 'inv_42', tenant: 'acme' },
      retryAfter: 5,
      severity: 'error',
    },
  ],
];

/** The McpError errorResult is timed on: `notFound(THROWN_MESSAGE, THROWN_DATA)`, sent with REQUEST_ID. */
export const THROWN_MESSAGE = 'Invoice inv_42 was not found';
export const THROWN_DATA = {
  reason: 'invoice_missing',
  retryable: false,
  recovery: { hint: 'Call list_invoices and retry with an id it returns.' },
};
export const REQUEST_ID = 'REQ42-ABCDE';

export async function run(pkg) {
  const m = await import(new URL('node.js', pkg).href);
  const error = m.notFound(THROWN_MESSAGE, THROWN_DATA);
  const plain = (v) => JSON.parse(JSON.stringify(v));

  // The floors write what the package writes, byte for byte.
  for (const [code, opts] of TOOL_ERROR_CASES) {
    const ours = m.toolError(code, opts);
    assert.deepEqual(plain(floorToolError(code, opts)), plain(ours));
    assert.equal(floorToolError(code, opts)[BRAND], ours[BRAND]);
  }
  assert.equal(
    JSON.stringify(floorErrorResult(error, REQUEST_ID)),
    JSON.stringify(m.errorResult(error, { requestId: REQUEST_ID })),
  );

  const [small, full] = TOOL_ERROR_CASES;
  const rows = [
    ['toolError, message only', () => m.toolError(...small), () => floorToolError(...small), 0.67],
    ['toolError, every field', () => m.toolError(...full), () => floorToolError(...full), 0.67],
    [
      'errorResult, McpError',
      () => m.errorResult(error, { requestId: REQUEST_ID }),
      () => floorErrorResult(error, REQUEST_ID),
      0.5,
    ],
  ].map(([label, ours, floor, goal]) => {
    const [a, b] = interleavedRounds([ours, floor]);
    return { label, ours: a.median, floor: b.median, oursFastest: a.fastest, floorFastest: b.fastest, goal };
  });
  console.log('envelopes vs plain-JS floors writing the same bytes (bench/envelope.mjs), per call, rounds interleaved');
  console.log(
    '  call                        mcp-envelope     floor   vs floor   fastest: ours     floor   vs floor  goal',
  );
  for (const { label, ours, floor, oursFastest, floorFastest, goal } of rows) {
    console.log(
      `  ${label.padEnd(26)} ${duration(ours).padStart(12)} ${duration(floor).padStart(9)} ${speed(ours, floor).padStart(10)} ${duration(oursFastest).padStart(15)} ${duration(floorFastest).padStart(9)} ${speed(oursFastest, floorFastest).padStart(10)}  ≥ ${goal.toFixed(2)}×`,
    );
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(packageDir());

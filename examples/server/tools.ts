// Six tools of an example MCP server, written once for the official SDK v1 and v2:
// every error they send to the model (arguments the schema rejects, anything a handler
// throws, a result that breaks its outputSchema) is written by mcp-envelope through
// `registerTool`, and every failure is logged (raw) through one `onError` hook.
import type { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import * as z from 'zod';
import {
  errorBuilder,
  fail,
  JsonRpcErrorCode,
  notFound,
  registerTool as registerEveryTool,
  toolError,
  type ErrorContract,
} from 'mcp-envelope';

type Server = McpServerV1 | McpServerV2;

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** Declared failures of `cancel_order`: the model is told what to do for each. */
const cancelErrors = [
  {
    reason: 'already_shipped',
    code: JsonRpcErrorCode.Conflict,
    when: 'The order has left the warehouse.',
    recovery: 'Call create_return with the same order id instead.',
  },
  {
    reason: 'unknown_order',
    code: JsonRpcErrorCode.NotFound,
    when: 'No order has this id.',
    recovery: 'Call search_orders to find the order id, then retry.',
    retryable: false,
  },
] as const satisfies ErrorContract;

/** Hostile values a careless dependency might throw; the server must answer each. */
function hostile(kind: string): unknown {
  switch (kind) {
    case 'proxy':
      return new Proxy(new Error('never read'), {
        get() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      });
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case 'getter':
      return Object.defineProperty(new Error('x'), 'message', {
        get() {
          throw new Error('getter');
        },
      });
    case 'bigint':
      return 10n ** 30n;
    case 'symbol':
      return Symbol('thrown');
    case 'null':
      return null;
    case 'cycle': {
      const error: Error & { cause?: unknown } = new Error('cyclic cause');
      error.cause = error;
      return error;
    }
    default:
      return 'a thrown string';
  }
}

// One log hook for every tool: the raw record (with the request id the model saw) goes to
// stderr, which an MCP stdio server may write to; the wire never carries it.
const registerTool = registerEveryTool.defaults({
  onError: (record) => console.error(`tool-failure ${JSON.stringify(record)}`),
  logRaw: true,
});

export function installExampleTools(server: Server): void {
  // 1. JSON-RPC dialect, a rich schema: strict object, bounds, enum, nested array of objects.
  registerTool(
    server,
    'search_orders',
    {
      title: 'Search orders',
      description: 'Finds orders by free text, status and date range.',
      inputSchema: z
        .object({
          query: z.string().min(1).describe('Free text'),
          status: z.enum(['open', 'shipped', 'cancelled']).optional(),
          limit: z.number().int().min(1).max(100).optional(),
          range: z.object({ from: z.iso.date(), to: z.iso.date() }).optional(),
          lines: z
            .array(z.object({ sku: z.string(), qty: z.number().int().positive() }))
            .max(5)
            .optional(),
        })
        .strict(),
      annotations: { readOnlyHint: true },
    },
    async ({ query, status, limit }) => {
      if (query === 'database') throw new Error('connect failed: postgres://admin:hunter2@db.internal:5432/orders');
      if (query === 'missing') throw notFound(`No orders match "${query}".`, { query });
      return text(`Found 2 ${status ?? 'open'} orders for "${query}" (limit ${limit ?? 10}).`);
    },
  );

  // 2. JSON-RPC dialect with an error contract and a union of two ways to name an order.
  registerTool(
    server,
    'cancel_order',
    {
      description: 'Cancels an order that has not shipped.',
      inputSchema: z.object({
        order: z.union([z.object({ id: z.string().regex(/^ord_[a-z0-9]+$/) }), z.object({ ref: z.number().int() })]),
        reason: z.string().max(200).optional(),
      }),
      errors: cancelErrors,
    },
    async ({ order }) => {
      const id = 'id' in order ? order.id : `ref ${order.ref}`;
      if (id === 'ord_shipped') throw fail(cancelErrors, 'already_shipped');
      if (id === 'ord_nope') throw fail(cancelErrors, 'unknown_order', `Order ${id} does not exist.`);
      return text(`Cancelled ${id}.`);
    },
  );

  // 3. XML dialect: arguments rejected as <validation_error>; a thrown toolError passes through.
  registerTool(
    server,
    'create_user',
    {
      description: 'Creates a user account.',
      inputSchema: {
        email: z.email(),
        age: z.number().int().min(18),
        role: z.enum(['admin', 'editor', 'viewer']),
        tags: z.array(z.string().min(2)).optional(),
      },
      dialect: 'xml',
    },
    async ({ email, role }) => {
      if (email === 'taken@example.com') {
        throw toolError('CONFLICT', {
          message: `A user with email ${email} already exists.`,
          suggestion: 'Call get_user with this email instead of creating it again.',
          availableActions: ['get_user', 'update_user'],
        });
      }
      if (role === 'admin')
        throw errorBuilder('FORBIDDEN', 'Admins are created by an operator.').suggest('Use role "editor".');
      return text(`Created ${email} as ${role}.`);
    },
  );

  // 4. XML dialect, nested arrays; an ordinary throw becomes INTERNAL_ERROR.
  registerTool(
    server,
    'render_report',
    {
      description: 'Renders a table of numbers as a report.',
      inputSchema: z.object({ title: z.string(), rows: z.array(z.array(z.number()).min(1)).min(1) }),
      dialect: 'xml',
    },
    async ({ title, rows }) => {
      if (title === 'crash') throw new TypeError('Cannot read properties of undefined (reading "width")');
      if (title === 'missing')
        throw notFound('No such report template.', { recovery: { hint: 'Use the title "Q3".' } });
      return text(`${title}: ${rows.length} rows`);
    },
  );

  // 6. JSON-RPC dialect with a strict outputSchema: its errors still reach the model (the
  // advertised schema admits `structuredContent.error`); an upstream's problem-details
  // body and an XML toolError thrown here keep their meaning.
  registerTool(
    server,
    'get_invoice',
    {
      description: 'Reads an invoice by id.',
      inputSchema: { id: z.string() },
      outputSchema: z.object({ id: z.string(), total: z.number() }).strict(),
    },
    async ({ id }) => {
      if (id === 'inv_1')
        return { content: [{ type: 'text', text: 'inv_1: 12.5' }], structuredContent: { id, total: 12.5 } };
      if (id === 'inv_broken') return { content: [], structuredContent: { id, total: 'twelve' } as never };
      if (id === 'inv_upstream')
        throw { type: 'about:blank', title: 'Bad Gateway', status: 502, detail: 'billing is down' };
      if (id === 'inv_xml')
        throw toolError('NOT_FOUND', { message: `No invoice ${id}.`, suggestion: 'Call list_invoices.' });
      throw notFound(`No invoice ${id}.`);
    },
  );

  // 5. JSON-RPC dialect: throws whatever hostile value is asked for.
  registerTool(
    server,
    'hostile',
    {
      description: 'Throws a hostile value (for testing).',
      inputSchema: { kind: z.enum(['proxy', 'revoked', 'getter', 'bigint', 'symbol', 'null', 'cycle', 'string']) },
    },
    async ({ kind }) => {
      throw hostile(kind);
    },
  );
}

// Compiled by `tsc -p js-tests/types` against the built package's types: prevalidate as a
// server writes it must check, and misuse must not.
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  formatValidation,
  prevalidate,
  registerTool,
  type JsonSchemaObject,
  type PrevalidateOptions,
  type PrevalidateOutcome,
  type PreValidationInput,
} from '../../pkg/index.js';

const Input = z.object({ query: z.string(), maxResults: z.number().optional() }).strict();
const schema = z.toJSONSchema(Input) as JsonSchemaObject;

// The key stages alone.
const options: PrevalidateOptions = {
  aliases: { q: 'query' },
  ignoreKeys: ['trace'],
  coerce: true,
  caseStyleAliases: true,
};
const keysOnly = prevalidate({ q: 'x' }, schema, options);
const report: PreValidationInput = keysOnly.report;
const moved: unknown = keysOnly.args;
void report;
void moved;

// The whole step, synchronous and asynchronous.
const whole = prevalidate({ q: 'x' }, schema, {
  validate: (args) => {
    const parsed = Input.safeParse(args);
    return parsed.success ? null : parsed.error.issues;
  },
});
if (whole.issues !== undefined) {
  const error = formatValidation(whole.issues, { tool: 'search', args: whole.args, schema, input: whole.report });
  void error.data.recovery.hint;
}
const later: Promise<PrevalidateOutcome<z.core.$ZodIssue>> = prevalidate({}, schema, {
  validate: async (args) => {
    const parsed = await Input.safeParseAsync(args);
    return parsed.success ? undefined : parsed.error.issues;
  },
});
void later;

// registerTool's option.
const server = new McpServer({ name: 's', version: '1' });
registerTool(server, 'search', { inputSchema: Input.shape, prevalidate: { aliases: { q: 'query' } } }, async () => ({
  content: [],
}));
registerTool(server, 'plain', { inputSchema: Input.shape, prevalidate: false }, async () => ({ content: [] }));

// @ts-expect-error an alias names a declared key (a string)
prevalidate({}, schema, { aliases: { q: 1 } });
// @ts-expect-error ignoreKeys is a list or false
prevalidate({}, schema, { ignoreKeys: true });
// @ts-expect-error the schema is a JSON Schema object
prevalidate({}, 'schema');
// @ts-expect-error prevalidate is a boolean or options
registerTool(server, 'bad', { inputSchema: Input.shape, prevalidate: 'yes' }, async () => ({ content: [] }));

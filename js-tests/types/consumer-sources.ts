// Compiled by `tsc -p js-tests/types`: the issues of every validator the package reads
// (Valibot, ArkType, Effect through Standard Schema, Ajv, @cfworker/json-schema) are
// accepted as they come from each library, by both dialects' formatters.
import * as v from 'valibot';
import { type } from 'arktype';
import { Schema } from 'effect';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { type Schema as JsonSchemaDocument, Validator } from '@cfworker/json-schema';
import { McpServer } from '@modelcontextprotocol/server';
import {
  formatValidation,
  formatValidationError,
  type IssueLike,
  jsonSchemaInput,
  registerTool,
  validationErrorResult,
} from '../../pkg/index.js';

const args: unknown = { name: 1 };
const options = { tool: 'add_user', args };

const valibot = v.safeParse(v.object({ name: v.string() }), args).issues;
if (valibot !== undefined) {
  formatValidation(valibot, options);
  formatValidationError(valibot, 'add', args);
}

const arktype = type({ name: 'string' })(args);
if (arktype instanceof type.errors) {
  formatValidation(arktype, options);
  validationErrorResult(arktype, 'add', args);
}

const effect = Schema.toStandardSchemaV1(Schema.Struct({ name: Schema.String }))['~standard'].validate(args);
if (!(effect instanceof Promise) && effect.issues !== undefined) formatValidation(effect.issues, options);

const jsonSchema: JsonSchemaDocument = { type: 'object', properties: { name: { type: 'string' } } };
const check = new Ajv2020().compile(jsonSchema);
if (!check(args) && check.errors) formatValidation(check.errors, { ...options, schema: jsonSchema });

const units = new Validator(jsonSchema).validate(args).errors;
formatValidation(units, { ...options, schema: jsonSchema });
formatValidationError(units, 'add', args);

// Not an issue of any of them.
// @ts-expect-error a number is no issue
formatValidation([5], options);
const issues: readonly IssueLike[] = units;
formatValidation(issues, options);

// A plain JSON Schema and its validator as a tool's input schema.

const server = new McpServer({ name: 's', version: '1' });
const input = jsonSchemaInput<{ name: string }>(
  { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  (value) => (check(value) ? [] : check.errors),
);
registerTool(server, 'greet', { inputSchema: input }, async (args) => ({
  content: [{ type: 'text', text: args.name.toUpperCase() }],
}));
jsonSchemaInput({ type: 'object' }, (value) => new Validator(jsonSchema).validate(value).errors);
// @ts-expect-error validate returns the validator's errors, not a boolean
jsonSchemaInput({ type: 'object' }, (value) => check(value));

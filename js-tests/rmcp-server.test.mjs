// The Rust example server on the official Rust SDK (examples/rmcp_server.rs, built by
// `cargo build --example rmcp_server --features serde`), started over stdio and driven
// by the official TypeScript SDK's v1 Client. For each bad input the Rust crate's text
// and structuredContent must be byte for byte what this npm package writes for the
// same issues, here the ones Zod 4 reports for the same arguments: the two
// implementations agree over a real transport.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';

import {
  errorResult,
  fail,
  formatValidation,
  JsonRpcErrorCode,
  toolError,
  validationErrorResult,
} from '../pkg/node.js';
import { root } from './link-package.mjs';

const binary = `${root}target/debug/examples/rmcp_server${process.platform === 'win32' ? '.exe' : ''}`;
/** Every request is bounded: a hung server fails the test instead of stalling it. */
const LIMIT = { timeout: 60_000 };

/** The example's arguments as strict Zod objects: the issues a TypeScript server would see. */
const weatherArgs = z.strictObject({ city: z.string(), units: z.enum(['metric', 'imperial']).optional() });
const projectsArgs = z.strictObject({ limit: z.number(), workspace: z.string().optional() });

/** The contract the example declares for get_weather. */
const contract = [
  {
    reason: 'no_such_city',
    code: JsonRpcErrorCode.NotFound,
    when: 'No weather station knows this city.',
    recovery: 'Call get_weather again with one of the cities it knows: Paris, Oslo or Lima.',
  },
];

function zodIssues(schema, args) {
  const parsed = schema.safeParse(args);
  assert.equal(parsed.success, false, `Zod refuses ${JSON.stringify(args)}`);
  assert.equal(parsed.error.issues.length, 1, 'one mistake at a time, as serde reports it');
  return parsed.error.issues;
}

/** The JSON-RPC id the server put in `data.requestId`, as decimal text. */
function requestIdOf(result) {
  const id = result.structuredContent?.error?.data?.requestId;
  assert.match(String(id), /^\d+$/, JSON.stringify(result));
  return id;
}

/** Byte for byte what the npm package wrote for the same inputs. */
function assertSame(received, expected) {
  assert.equal(received.isError, expected.isError, 'isError');
  assert.equal(received.content.length, 1, JSON.stringify(received));
  assert.equal(received.content[0].text, expected.content[0].text, 'the text');
  assert.equal(
    JSON.stringify(received.structuredContent),
    JSON.stringify(expected.structuredContent),
    'structuredContent',
  );
}

describe('the Rust rmcp example server, driven by the TypeScript SDK v1 Client over stdio', () => {
  let client;
  let schemas;
  const call = (name, args) => client.callTool({ name, arguments: args }, undefined, LIMIT);

  before(async () => {
    assert.ok(
      existsSync(binary),
      `${binary} is missing: build it with \`cargo build --example rmcp_server --features serde\` (make test-js does)`,
    );
    client = new Client({ name: 'mcp-envelope-tests', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: binary, stderr: 'ignore' }), LIMIT);
    const { tools } = await client.listTools(undefined, LIMIT);
    assert.deepEqual(
      tools.map((t) => t.name),
      ['get_weather', 'projects_list'],
    );
    schemas = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema]));
  });
  after(async () => {
    await client?.close();
  });

  test('get_weather with good arguments', async () => {
    const result = await call('get_weather', { city: 'Lima', units: 'imperial' });
    assert.equal(result.isError, false);
    assert.equal(result.content[0].text, 'Lima: 75.2 °F');
  });

  for (const args of [{ city: 5 }, {}, { city: 'Paris', colour: 'red' }, { city: 'Paris', units: 'kelvin' }]) {
    test(`get_weather refuses ${JSON.stringify(args)} as formatValidation + errorResult do`, async () => {
      const received = await call('get_weather', args);
      const requestId = requestIdOf(received);
      const error = formatValidation(zodIssues(weatherArgs, args), {
        tool: 'get_weather',
        args,
        schema: schemas.get_weather,
      });
      assertSame(received, errorResult(error, { requestId, contract }));
    });
  }

  test('the wrong type, in words', async () => {
    const received = await call('get_weather', { city: 5 });
    assert.equal(
      received.content[0].text,
      'Error: Input validation error: Invalid arguments for tool get_weather: city: Invalid input: expected string, ' +
        'received number\n\nRecovery: Send city as a string, not a number.\n\n' +
        `(reason invalid_arguments · request ${requestIdOf(received)})`,
    );
  });

  test('a declared failure is what fail + errorResult write', async () => {
    const received = await call('get_weather', { city: 'Atlantis' });
    const requestId = requestIdOf(received);
    assertSame(received, errorResult(fail(contract, 'no_such_city'), { requestId, contract }));
    assert.equal(received.structuredContent.error.code, JsonRpcErrorCode.NotFound);
  });

  test('a handler error wrapping a refused connection is what errorResult writes for the Node error', async () => {
    const received = await call('get_weather', { city: 'Oslo' });
    const requestId = requestIdOf(received);
    const refused = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    const thrown = new Error('The weather station for Oslo did not answer.', { cause: refused });
    assertSame(received, errorResult(thrown, { requestId, contract }));
    assert.equal(received.structuredContent.error.code, JsonRpcErrorCode.ServiceUnavailable);
  });

  test('projects_list with good arguments', async () => {
    const result = await call('projects_list', { limit: 3, workspace: 'main' });
    assert.equal(result.isError, false);
    assert.equal(result.content[0].text, 'apollo\ngemini\nmercury');
  });

  for (const args of [{ limit: 'ten' }, {}, { limit: 1, sort: 'name' }]) {
    test(`projects_list refuses ${JSON.stringify(args)} as validationErrorResult does`, async () => {
      const received = await call('projects_list', args);
      assertSame(received, validationErrorResult(zodIssues(projectsArgs, args), 'projects_list', args));
      assert.match(received.content[0].text, /^<validation_error action="projects_list">\n/);
    });
  }

  test('a handler failure of projects_list is what toolError writes', async () => {
    const received = await call('projects_list', { limit: 1, workspace: 'archive' });
    const expected = toolError('NOT_FOUND', {
      message: 'No workspace has this name.',
      suggestion: 'Call projects_list without a workspace, or with workspace main.',
      availableActions: ['projects_list'],
    });
    assertSame(received, expected);
  });
});

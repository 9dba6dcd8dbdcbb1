// The README's examples cannot rot: every `js` block is extracted and run against the
// built package (each asserts what it shows), and each quickstart (`ts` blocks that
// start with `// quickstart: SDK vN`) is type-checked against the real SDK, compiled,
// started over stdio and called, and must print the envelope the README shows.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';

import * as z from 'zod';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as MemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { InMemoryTransport as MemoryV2, McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';

import { linkPackage, root } from './link-package.mjs';

const README = readFileSync(`${root}README.md`, 'utf8');
const OUT = `${root}build/readme`;

/** Fenced blocks as `{ lang, code, line }`. */
function blocks(markdown) {
  const found = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body = [];
    for (i += 1; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]);
    found.push({ lang: open[1], code: `${body.join('\n')}\n`, line: start + 1 });
  }
  return found;
}

const all = blocks(README);
const examples = all.filter((b) => b.lang === 'js');
const quickstarts = all.filter((b) => b.lang === 'ts' && b.code.startsWith('// quickstart: SDK v'));

before(() => {
  linkPackage();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
});

test('the README has an example for every runtime export of the package', async () => {
  const exported = Object.keys(await import('../pkg/node.js'));
  const shown = examples.map((b) => b.code).join('\n') + quickstarts.map((b) => b.code).join('\n');
  const missing = exported.filter((name) => !new RegExp(`\\b${name}\\b`).test(shown));
  assert.deepEqual(missing, [], 'exports with no example in a js or quickstart block');
  assert.ok(examples.length >= 10);
});

describe('every js block of the README runs and its assertions hold', () => {
  for (const [i, block] of examples.entries()) {
    test(`README.md:${block.line}`, () => {
      const file = `${OUT}/example-${i}.mjs`;
      writeFileSync(file, block.code);
      execFileSync(process.execPath, [file], { stdio: 'pipe', cwd: OUT });
    });
  }
});

describe('the quickstarts type-check against the real SDK, run over stdio and write what the README shows', () => {
  const shown = all.find((b) => b.lang === '' && b.code.startsWith('Error: Input validation error'));
  const SDKS = { v1: { Client: ClientV1, Stdio: StdioV1 }, v2: { Client: ClientV2, Stdio: StdioV2 } };
  test('there is one quickstart per SDK version and the envelope it writes', () => {
    assert.deepEqual(
      quickstarts.map((b) => b.code.split('\n')[0]),
      ['// quickstart: SDK v1', '// quickstart: SDK v2'],
    );
    assert.ok(shown, 'the README shows the rejection a quickstart writes');
  });
  for (const block of quickstarts) {
    const version = /SDK (v\d)/.exec(block.code)[1];
    test(`quickstart ${version}`, async () => {
      const dir = `${OUT}/quickstart-${version}`;
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/server.ts`, block.code);
      writeFileSync(
        `${dir}/tsconfig.json`,
        JSON.stringify({
          extends: `${root}examples/server/tsconfig.json`,
          compilerOptions: { rootDir: '.', outDir: '.' },
          files: ['server.ts'],
        }),
      );
      execFileSync(`${root}node_modules/.bin/tsc`, ['-p', dir], { stdio: 'inherit' });
      const { Client, Stdio } = SDKS[version];
      const client = new Client({ name: 'readme', version: '1.0.0' });
      await client.connect(new Stdio({ command: process.execPath, args: [`${dir}/server.js`] }));
      try {
        const rejected = await client.callTool({ name: 'get_invoice', arguments: { id: 7 } });
        const text = rejected.content[0].text.replace(/request [A-Z0-9]{5}-[A-Z0-9]{5}\)$/, 'request 7Q2KD-M1ZP0)');
        assert.equal(`${text}\n`, shown.code);
        const missing = await client.callTool({ name: 'get_invoice', arguments: { id: 'INV-9' } });
        assert.equal(missing.structuredContent.error.code, -32001);
        assert.equal(missing.structuredContent.error.message, 'Invoice INV-9 does not exist.');
        const found = await client.callTool({ name: 'get_invoice', arguments: { id: 'INV-1' } });
        assert.equal(found.content[0].text, 'INV-1: 120.00 EUR, paid');
      } finally {
        await client.close();
      }
    });
  }
});

test('what the README says the SDK writes without this package is what it writes', async () => {
  // The quickstart's tool registered the SDK's own way, called with { id: 7 }.
  const flat = README.replace(/\s+/g, ' ');
  const sdks = [
    {
      version: 'v1',
      Server: McpServerV1,
      Client: ClientV1,
      Memory: MemoryV1,
      schema: { id: z.string().regex(/^INV-\d+$/) },
    },
    {
      version: 'v2',
      Server: McpServerV2,
      Client: ClientV2,
      Memory: MemoryV2,
      schema: z.object({ id: z.string().regex(/^INV-\d+$/) }),
    },
  ];
  for (const sdk of sdks) {
    const server = new sdk.Server({ name: 'invoices', version: '1.0.0' });
    server.registerTool('get_invoice', { description: 'Reads one invoice.', inputSchema: sdk.schema }, async () => ({
      content: [],
    }));
    const client = new sdk.Client({ name: 'readme', version: '1.0.0' });
    const [clientSide, serverSide] = sdk.Memory.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const result = await client.callTool({ name: 'get_invoice', arguments: { id: 7 } });
      assert.equal(result.content.length, 1);
      assert.equal(result.structuredContent, undefined);
      const text = result.content[0].text;
      assert.ok(
        flat.includes(`\`${text}\``),
        `${sdk.version} writes ${JSON.stringify(text)}, which the README does not show`,
      );
    } finally {
      await client.close();
    }
  }
});

describe('the npm README is for users', () => {
  // pkg/README.md, as scripts/build-pkg.mjs writes it from the user guide.
  const npm = readFileSync(`${root}pkg/README.md`, 'utf8');
  const files = new Set(JSON.parse(readFileSync(`${root}pkg/package.json`, 'utf8')).files);

  test('it names no repository file, command, source document or session history', () => {
    const forbidden = [
      /js-tests/,
      /\btests?\//,
      /tests-matrix/,
      /\bsrc\//,
      /\.rs\b/,
      /\bmake [a-z]/,
      /\bcargo /,
      /\bbench\//,
      /\bdocs\//,
      /\bwww\//,
      /\bscripts\//,
      /\bseed \d/,
      /<!--/,
      /-->/,
      /\bissue \d+/i,
      /\bthis session\b/i,
      /Fusion #\d/,
      /conformance-own/,
      /\b[a-z-]+\.json\b(?!`)/,
    ];
    const hits = npm
      .split('\n')
      .flatMap((line, i) =>
        forbidden.filter((re) => re.test(line)).map((re) => `line ${i + 1}: ${re} in ${line.slice(0, 120)}`),
      );
    assert.deepEqual(hits, []);
  });

  test('every package file it names is in the package', () => {
    const named = [...npm.matchAll(/`((?:wasm|lib|types)\/[\w./-]+|[\w-]+\.(?:js|cjs|d\.ts|d\.cts))`/g)].map(
      (m) => m[1],
    );
    assert.ok(named.length > 5);
    for (const file of new Set(named)) {
      const shipped = files.has(file) || [...files].some((f) => f.endsWith('/') && file.startsWith(f));
      assert.ok(shipped && existsSync(`${root}pkg/${file}`), `${file} is named but not in the package`);
    }
  });

  test('its tables are whole once the test column is left out', () => {
    const cells = (line) => line.replace(/\\\|/g, '').split('|').length;
    const lines = npm.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith('|') || lines[i - 1]?.startsWith('|')) continue;
      const width = cells(lines[i]);
      assert.doesNotMatch(lines[i], /\| test \|\s*$/, `line ${i + 1}: a test column`);
      for (let j = i; lines[j]?.startsWith('|'); j++) assert.equal(cells(lines[j]), width, `line ${j + 1}`);
    }
  });

  test('the Benchmark section is one sentence and one table', () => {
    const section = /^## Benchmark\n([\s\S]*?)(?=^## |$(?![\s\S]))/m.exec(npm)?.[1].trim();
    assert.ok(section, 'a Benchmark section');
    const [prose, ...rest] = section.split('\n\n');
    assert.equal((prose.match(/\.(\s|$)/g) ?? []).length, 1, 'one sentence');
    assert.equal(rest.length, 1);
    assert.ok(
      rest[0].split('\n').every((line) => line.startsWith('|')),
      'then a table and nothing else',
    );
  });
});

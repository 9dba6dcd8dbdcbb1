// The JS layer's type check (js-tests/types/tsconfig.checkjs.json, run by `make test`):
// it passes on the tree, and it fails when a request to the core (pkg/lib/abi.d.ts) has
// a misspelt or a missing field, or a parameter has no type. Each mistake is made in a
// temporary copy of pkg-template/lib, checked with the same options against the built pkg/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(root, 'node_modules/.bin/tsc');
const configs = join(root, 'js-tests/types');
const config = join(configs, 'tsconfig.checkjs.json');

/** Runs tsc on a project file; its exit status and output. */
function check(project) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * Checks a copy of pkg-template/lib with `edit(file, text)` applied to `file`: the same
 * compiler options and files, the copy in place of pkg-template (the generated files
 * still resolve in pkg/ through rootDirs).
 */
function checkEdited(file, edit) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-envelope-checkjs-'));
  try {
    const template = join(dir, 'pkg-template');
    cpSync(join(root, 'pkg-template/lib'), join(template, 'lib'), { recursive: true });
    cpSync(join(root, 'pkg-template/package.json'), join(template, 'package.json'));
    if (file !== undefined) {
      const path = join(template, 'lib', file);
      const before = readFileSync(path, 'utf8');
      const after = edit(before);
      assert.notEqual(after, before, `the edit of ${file} changed nothing`);
      writeFileSync(path, after);
    }
    const { compilerOptions, include } = JSON.parse(readFileSync(config, 'utf8'));
    const copy = join(dir, 'tsconfig.json');
    writeFileSync(
      copy,
      JSON.stringify({
        compilerOptions: { ...compilerOptions, rootDirs: [template, join(root, 'pkg')] },
        include: include.map((entry) =>
          entry.startsWith('../../pkg-template/')
            ? join(template, entry.slice('../../pkg-template/'.length))
            : join(configs, entry),
        ),
      }),
    );
    return check(copy);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `text` with `from` (which must occur exactly once) replaced by `to`. */
const replaceOnce = (from, to) => (text) => {
  assert.equal(text.split(from).length, 2, `\`${from}\` occurs once`);
  return text.replace(from, () => to);
};

test('the JS layer type-checks', () => {
  const { status, output } = check(config);
  assert.equal(status, 0, output);
});

test('the copy the mistakes are made in type-checks unchanged', () => {
  const { status, output } = checkEdited(undefined);
  assert.equal(status, 0, output);
});

const MISTAKES = [
  {
    what: 'a misspelt field of a request literal (xmlToolError)',
    file: 'xml.js',
    edit: replaceOnce('redactSecrets: redactSecrets !== false,', 'redactSecret: redactSecrets !== false,'),
    error: /xml\.js\(\d+,\d+\): error TS2561: .*'redactSecret'/,
  },
  {
    what: 'a misspelt optional field of a request built in steps (errorResult)',
    file: 'jsonrpc.js',
    edit: replaceOnce('    codeText: read.codeText,\n', '    codeTxt: read.codeText,\n'),
    error: /jsonrpc\.js\(\d+,\d+\): error TS2561: .*'codeTxt'/,
  },
  {
    what: 'a missing required field (errorResult)',
    file: 'jsonrpc.js',
    edit: replaceOnce('    freshId: id === undefined,\n', ''),
    error: /jsonrpc\.js\(\d+,\d+\): error TS2741: Property 'freshId' is missing/,
  },
  {
    what: 'a required field of the wrong type (classify)',
    file: 'classify.js',
    edit: replaceOnce('    aborted,\n', '    aborted: aborted ? 1 : 0,\n'),
    error: /classify\.js\(\d+,\d+\): error TS2322: .*'number' is not assignable to type 'boolean'/,
  },
  {
    what: 'a misspelt field of a request returned by a helper (parseToolError)',
    file: 'client.js',
    edit: replaceOnce('{ text, textCut: cut, structured: false }', '{ text, textcut: cut, structured: false }'),
    error: /client\.js\(\d+,\d+\): error TS2561: .*'textcut'/,
  },
  {
    what: "a misspelt option of registerTool's XML answers (fromMcpError's options)",
    file: 'register.js',
    edit: replaceOnce(
      'maskServerErrors: safety.maskServerErrors === true,',
      'maskServerError: safety.maskServerErrors === true,',
    ),
    error: /register\.js\(\d+,\d+\): error TS2741: Property 'maskServerErrors' is missing/,
  },
  {
    what: "a misspelt operation name among the engine's answers after a trap",
    file: 'engine.js',
    edit: replaceOnce('  xmlCancelled: XML_RESULT,\n', '  xmlCancel: XML_RESULT,\n'),
    error: /engine\.js\(\d+,\d+\): error TS2561: .*'xmlCancel'/,
  },
  {
    what: 'a parameter without a type (wire.js)',
    file: 'wire.js',
    edit: replaceOnce(' * @param {number} value\n', ''),
    error: /wire\.js\(\d+,\d+\): error TS7006: Parameter 'value' implicitly has an 'any' type/,
  },
];

for (const { what, file, edit, error } of MISTAKES) {
  test(`the check fails on ${what}`, () => {
    const { status, output } = checkEdited(file, edit);
    assert.notEqual(status, 0, `tsc passed with ${what}`);
    assert.match(output, error);
  });
}

// Package hygiene of the installed tarball: publint (every level, suggestions included)
// and arethetypeswrong. `node lint.mjs publint DIR` | `node lint.mjs attw TARBALL`;
// prints CLEAN when the tool reports nothing, else what it reported, and exits 1.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [tool, target] = process.argv.slice(2);
if (tool === 'publint') {
  const { publint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  const { messages, pkg } = await publint({ pkgDir: target, pack: false, level: 'suggestion' });
  for (const message of messages) console.log(`${message.type}: ${formatMessage(message, pkg)}`);
  console.log(messages.length ? 'publint reported the above' : 'CLEAN');
  process.exitCode = messages.length ? 1 : 0;
} else if (tool === 'attw') {
  // Every entry point, ./wasm included (its declarations type the bundler's URL string).
  const cli = fileURLToPath(new URL('../node_modules/@arethetypeswrong/cli/dist/index.js', import.meta.url));
  const run = spawnSync(process.execPath, [cli, target, '--format', 'ascii'], {
    encoding: 'utf8',
  });
  console.log(run.stdout + run.stderr);
  console.log(run.status === 0 ? 'CLEAN' : 'attw reported the above');
  process.exitCode = run.status === 0 ? 0 : 1;
} else {
  throw new Error(`lint.mjs: no tool ${tool}`);
}

// Serves a wrangler-built worker with Miniflare (workerd) on 127.0.0.1, fetches it once,
// prints the body and stops. `node serve-worker.mjs OUTDIR` (Node ≥ 22, as Miniflare 4 needs).
import { readdirSync } from 'node:fs';
import { Miniflare } from 'miniflare';

const out = process.argv[2];
const script = readdirSync(out).find((f) => /\.m?js$/.test(f));
if (!script) throw new Error(`serve-worker: no worker script in ${out}`);
const mf = new Miniflare({
  modules: true,
  scriptPath: `${out}/${script}`,
  modulesRoot: out,
  modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
  compatibilityDate: '2025-06-01',
  host: '127.0.0.1',
});
try {
  const response = await mf.dispatchFetch('http://127.0.0.1/');
  console.log(await response.text());
} finally {
  await mf.dispose();
}

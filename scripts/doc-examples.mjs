// Every public item of the Rust API has documentation with an example (a doctest).
//
// The API is what the crate root offers: its functions, types and constants, each
// type's public inherent methods, fields and variants (the core modules behind it are
// `#[doc(hidden)]` and not part of it). Reads rustdoc's JSON output and fails, listing
// them, when a function, method, type or constant has no doc comment or one without a
// code block (`cargo test --doc` runs each), or a field or variant has no doc comment.
// Usage: node scripts/doc-examples.mjs [features]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const features = process.argv[2] ?? '';
const target = 'target/doc-examples';
const flags = ['-Z', 'unstable-options', '--output-format', 'json', '--document-hidden-items'];
execFileSync(
  'cargo',
  ['rustdoc', '-q', '--lib', '--target-dir', target, ...(features ? ['--features', features] : []), '--', ...flags],
  {
    stdio: 'inherit',
    env: { ...process.env, RUSTC_BOOTSTRAP: '1' },
  },
);
const doc = JSON.parse(readFileSync(`${target}/doc/mcp_envelope.json`, 'utf8'));
const item = (id) => doc.index[id];
const kindOf = (it) => Object.keys(it.inner)[0];
const hidden = (it) => (it.attrs ?? []).some((a) => JSON.stringify(a).includes('hidden'));

const missing = [];
let checked = 0;
/** @param {any} it @param {boolean} example */
function check(it, example) {
  checked += 1;
  const where = `${it.span?.filename ?? '?'}:${it.span?.begin?.[0] ?? '?'} ${kindOf(it)} ${it.name ?? ''}`;
  const docs = it.docs ?? '';
  if (docs.trim() === '') missing.push(`${where}: no documentation`);
  else if (example && !docs.includes('```')) missing.push(`${where}: no example`);
}

/** The type's public inherent methods, and its fields or variants. */
function members(it) {
  const inner = it.inner[kindOf(it)];
  for (const implId of inner.impls ?? []) {
    const impl = item(implId)?.inner.impl;
    if (!impl || impl.trait !== null || impl.is_synthetic || impl.blanket_impl) continue;
    for (const id of impl.items) {
      const method = item(id);
      if (method && method.visibility === 'public' && !hidden(method)) check(method, true);
    }
  }
  const kind = inner.kind;
  const fields = kind?.plain?.fields ?? (Array.isArray(kind?.tuple) ? kind.tuple.filter((f) => f !== null) : []);
  for (const id of [...fields, ...(inner.variants ?? [])]) {
    const member = item(id);
    if (member && (member.visibility === 'public' || kindOf(member) === 'variant') && !hidden(member))
      check(member, false);
  }
}

const root = item(doc.root);
const seen = new Set();
for (const id of root.inner.module.items) {
  let it = item(id);
  if (!it || hidden(it) || it.visibility !== 'public') continue;
  if (kindOf(it) === 'use') {
    if (it.inner.use.is_glob) {
      // `pub use api::*`: every public item of that module.
      const module = item(it.inner.use.id);
      for (const inner of module.inner.module.items) {
        const target = item(inner);
        const resolved = target && kindOf(target) === 'use' ? item(target.inner.use.id) : target;
        if (resolved && resolved.visibility === 'public' && !hidden(resolved) && !seen.has(resolved.id)) {
          seen.add(resolved.id);
          visit(resolved);
        }
      }
      continue;
    }
    it = item(it.inner.use.id);
    if (!it || seen.has(it.id)) continue;
  }
  if (kindOf(it) === 'module') continue;
  seen.add(it.id);
  visit(it);
}

function visit(it) {
  const kind = kindOf(it);
  if (kind === 'module' || kind === 'use') return;
  check(it, true);
  if (kind === 'struct' || kind === 'enum') members(it);
}

if (missing.length > 0) {
  console.error(
    `${missing.length} of ${checked} public items lack documentation or an example:\n${missing.join('\n')}`,
  );
  process.exit(1);
}
if (checked < 100) {
  console.error(`doc-examples: only ${checked} public items found; the walk of rustdoc's JSON lost the API`);
  process.exit(1);
}
console.log(
  `doc-examples: ${checked} public items, each documented, each function, method, type and constant with an example`,
);

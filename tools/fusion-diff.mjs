// Differential run of our XML `formatValidationError` against MCP Fusion's Zod 4
// formatter, on seeded random Zod 4 schemas and arguments. Not part of `make test`:
// the reference's code never enters this repository. The script builds it in a
// git-ignored scratch folder from the reference's public source text, which you put
// there first (no published npm package carries it: `@vinkius-core/mcp-fusion` and
// `@vurb/core` are not on the registry these machines reach).
//
// The reference (REF below; its text is checked by SHA-256 before it runs):
//   vinkius-labs/mcp-fusion packages/core/src/core/execution/ValidationErrorFormatter.ts
//     @ 71a95393b4e45db758957f81d0be0f858187a171
//     → .scratch/fusion-ref/src/core/execution/ValidationErrorFormatter.ts (whole file)
//   vinkius-labs/mcp-fusion packages/core/src/core/response.ts
//     @ 148cb238513d578c9f906348a0589dbf52072a8b (its escapeXml and escapeXmlAttr; the
//     formatter imports nothing else from it)
//     → .scratch/fusion-ref/src/core/response.ts (the whole file, or just those two
//     exported functions)
// Read them with the search index's read_file (repo, path, commit) and save the text as
// it is served. esbuild (a dev dependency) strips the types into
// .scratch/fusion-ref/build/; zod (4.6.7, a dev dependency) raises the issues; our side
// is the built package in pkg/ (`make build` first).
//
// Usage (from the repository root):
//   node tools/fusion-diff.mjs [--seed N] [--cases N] [--examples N] [--ref DIR] [--pkg DIR]
// (--pkg: another build of our package to compare, pkg/ by default)
// Prints, per issue code, the issues compared, those written byte for byte alike,
// those that differ where we chose to (README "Deliberate differences"), and those
// that differ for no listed reason, with examples of the last. Exit 0 whatever it
// finds (it reports; it does not judge), 2 when the reference text is not there.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { z } from 'zod';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FORMATTER_SHA256 = 'f5eb970707425910f56eb64f20aaf72e7b6bdc6c11d5fb9ddc2297e938768c5c';
const REF_COMMIT = '71a95393b4e45db758957f81d0be0f858187a171';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
};
const SEED = Number(option('seed', '19')) >>> 0;
const CASES = Number(option('cases', '10000'));
const EXAMPLES = Number(option('examples', '3'));
const refDir = resolve(root, option('ref', '.scratch/fusion-ref'));
const pkgDir = resolve(root, option('pkg', 'pkg'));

// ---------------------------------------------------------------------------
// The two formatters

async function loadReference() {
  const formatter = resolve(refDir, 'src/core/execution/ValidationErrorFormatter.ts');
  const response = resolve(refDir, 'src/core/response.ts');
  if (!existsSync(formatter) || !existsSync(response)) {
    console.error(`fusion-diff: put the reference's source text in ${refDir} first (see the head of this script):`);
    console.error(`  ${formatter}\n  ${response}`);
    process.exit(2);
  }
  const sha = createHash('sha256').update(readFileSync(formatter)).digest('hex');
  if (sha !== FORMATTER_SHA256) {
    console.error(`fusion-diff: ${formatter} is not the text of ${REF_COMMIT} (sha256 ${sha})`);
    process.exit(2);
  }
  const outfile = resolve(refDir, 'build/formatter.mjs');
  mkdirSync(dirname(outfile), { recursive: true });
  // A bundle of the formatter and its two escapes; `zod` is a type-only import there.
  await esbuild.build({
    entryPoints: [formatter],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    external: ['zod', '@toon-format/toon'],
    logLevel: 'error',
  });
  return (await import(pathToFileURL(outfile).href)).formatValidationError;
}

async function loadOurs() {
  const entry = resolve(pkgDir, 'node.js');
  if (!existsSync(entry)) {
    console.error('fusion-diff: pkg/ is not built: run `make build` first');
    process.exit(2);
  }
  return (await import(pathToFileURL(entry).href)).formatValidationError;
}

// ---------------------------------------------------------------------------
// Seeded randomness (mulberry32)

function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[int(0, list.length - 1)];
  const chance = (p) => next() < p;
  return { next, int, pick, chance };
}
const R = rng(SEED);

// Strings: mostly plain; rarely characters where our escaping differs on purpose.
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 -_.@/:&<>"\'é😀';
function text(min = 0, max = 12) {
  const n = R.int(min, max);
  let s = '';
  for (let i = 0; i < n; i++) s += R.pick([...PLAIN]);
  if (R.chance(0.01)) s += R.pick(['\u0001', ']]>', '\ud800', '\t', '\n']);
  return s;
}
const KEY_NAMES = ['a', 'b', 'name', 'email', 'id', 'count', 'tags', 'when', 'meta', 'kind', 'items', 'score', 'x'];
function key() {
  if (R.chance(0.01)) return R.pick(['constructor', 'toString', 'hasOwnProperty', '__proto__']);
  return R.chance(0.9) ? R.pick(KEY_NAMES) : text(1, 6);
}

// ---------------------------------------------------------------------------
// Random Zod 4 schemas, each with a generator of arguments that mostly fail it

// Each node: { schema, good(): a value it accepts (best effort), bad(): any value }.
function anyValue(depth = 0) {
  switch (R.int(0, depth > 1 ? 5 : 7)) {
    case 0:
      return null;
    case 1:
      return R.chance(0.5);
    case 2:
      return R.int(-20, 120) / (R.chance(0.2) ? 4 : 1);
    case 3:
      return text(0, R.chance(0.1) ? 70 : 10);
    case 4:
      return R.pick([0, -0, 1e21, 1.5, -1, 100]);
    case 5:
      return '';
    case 6:
      return Array.from({ length: R.int(0, 4) }, () => anyValue(depth + 1));
    default:
      return Array.from({ length: R.int(0, 3) }).reduce((out) => put(out, key(), anyValue(depth + 1)), {});
  }
}

const bad = (good) => () => (R.chance(0.6) ? good() : anyValue());

function stringNode() {
  const checks = [
    () => {
      const n = R.int(0, 6);
      return [z.string().min(n), () => text(n, n + 4)];
    },
    () => {
      const n = R.int(1, 6);
      return [z.string().max(n), () => text(0, n)];
    },
    () => {
      const n = R.int(1, 5);
      return [z.string().length(n), () => 'abcdef'.slice(0, n)];
    },
    () => [z.string().regex(/^[a-z]+$/), () => 'abc'],
    () => [z.string().startsWith('ab'), () => 'abc'],
    () => [z.string().endsWith('.md'), () => 'a.md'],
    () => [z.string().includes('@'), () => 'a@b'],
    () => [z.email(), () => 'user@example.com'],
    () => [z.url(), () => 'https://example.com'],
    () => [z.uuid(), () => '123e4567-e89b-12d3-a456-426614174000'],
    () => [z.cuid(), () => 'cjld2cjxh0000qzrmn831i7rn'],
    () => [z.iso.datetime(), () => '2024-01-15T10:30:00Z'],
    () => [z.iso.date(), () => '2024-01-15'],
    () => [z.emoji(), () => '😀'],
    () => [z.ipv4(), () => '10.0.0.1'],
    () => [z.base64(), () => 'aGk='],
    () => [z.string().lowercase(), () => 'abc'],
    () => [z.string(), () => text()],
  ];
  const [schema, good] = R.pick(checks)();
  return { schema, good, bad: () => (R.chance(0.7) ? text(0, 9) : anyValue()) };
}

function numberNode() {
  let schema = R.chance(0.3) ? z.number().int() : z.number();
  const lo = R.int(-5, 5);
  const hi = lo + R.int(0, 10);
  const bounds = R.pick(['min', 'gt', 'max', 'lt', 'range', 'positive', 'nonnegative', 'multipleOf', 'none']);
  if (bounds === 'min' || bounds === 'range') schema = schema.min(lo);
  if (bounds === 'gt') schema = schema.gt(lo);
  if (bounds === 'max' || bounds === 'range') schema = schema.max(hi);
  if (bounds === 'lt') schema = schema.lt(hi);
  if (bounds === 'positive') schema = schema.positive();
  if (bounds === 'nonnegative') schema = schema.nonnegative();
  if (bounds === 'multipleOf') schema = schema.multipleOf(R.pick([2, 5, 0.5]));
  return {
    schema,
    good: () => hi,
    bad: () => (R.chance(0.7) ? R.int(-10, 20) + (R.chance(0.2) ? 0.5 : 0) : anyValue()),
  };
}

function enumNode() {
  const many = R.chance(0.05) ? 60 : R.int(1, 4);
  const values = [...new Set(Array.from({ length: many }, (_, i) => (many > 10 ? `o${i}` : text(1, 5))))];
  if (R.chance(0.3)) {
    const literal = R.pick([text(1, 5), R.int(0, 9), true, null]);
    return { schema: z.literal(literal), good: () => literal, bad: () => anyValue() };
  }
  return { schema: z.enum(values), good: () => values[0], bad: () => (R.chance(0.5) ? text(1, 5) : anyValue()) };
}

function refineNode(inner) {
  // A refinement that adds a size bound without origin or inclusive (issue 19), or a
  // plain custom issue.
  const kind = R.pick(['too_small', 'too_big', 'too_small_open', 'custom']);
  const n = R.int(0, 5);
  const schema = inner.schema.superRefine((_v, ctx) => {
    if (!R.chance(0.5)) return;
    if (kind === 'too_small') ctx.addIssue({ code: 'too_small', minimum: n });
    else if (kind === 'too_big') ctx.addIssue({ code: 'too_big', maximum: n });
    else if (kind === 'too_small_open') ctx.addIssue({ code: 'too_small', minimum: n, inclusive: false });
    else ctx.addIssue({ code: 'custom', message: text(1, 20) });
  });
  return { schema, good: inner.good, bad: inner.bad };
}

function node(depth) {
  const leaf = depth >= 3;
  const choice = R.int(0, leaf ? 4 : 12);
  switch (choice) {
    case 0:
    case 1:
      return stringNode();
    case 2:
      return numberNode();
    case 3:
      return enumNode();
    case 4:
      return { schema: z.boolean(), good: () => true, bad: () => anyValue() };
    case 5: {
      const item = node(depth + 1);
      let schema = z.array(item.schema);
      const n = R.int(0, 3);
      const bound = R.pick(['min', 'max', 'length', 'none']);
      if (bound === 'min') schema = schema.min(n);
      if (bound === 'max') schema = schema.max(n);
      if (bound === 'length') schema = schema.length(n);
      const list = (make) => () => Array.from({ length: R.int(0, 4) }, make);
      return { schema, good: list(item.good), bad: bad(list(item.bad)) };
    }
    case 6:
    case 7:
      return objectNode(depth + 1);
    case 8: {
      const keyKinds = [
        () => [z.string().min(3), () => 'abc'],
        () => [z.string().max(4), () => 'ab'],
        () => [z.uuid(), () => '123e4567-e89b-12d3-a456-426614174000'],
        () => [z.string().regex(/^[a-z]+$/), () => 'abc'],
        () => [z.email(), () => 'a@b.co'],
        () => [z.string(), () => text(1, 5)],
      ];
      const [keySchema, goodKey] = R.pick(keyKinds)();
      const value = node(depth + 1);
      const record = (makeKey, makeValue) => () =>
        Array.from({ length: R.int(0, 3) }).reduce((out) => put(out, makeKey(), makeValue()), {});
      return {
        schema: z.record(keySchema, value.schema),
        good: record(goodKey, value.good),
        bad: bad(record(() => (R.chance(0.5) ? text(1, 12) : goodKey()), value.bad)),
      };
    }
    case 9: {
      const a = node(depth + 1);
      const b = node(depth + 1);
      return { schema: z.union([a.schema, b.schema]), good: a.good, bad: () => (R.chance(0.5) ? a.bad() : b.bad()) };
    }
    case 10: {
      const tags = ['circle', 'square'];
      const branches = tags.map((tag) => objectNode(depth + 1, { type: z.literal(tag) }, { type: () => tag }));
      return {
        schema: z.discriminatedUnion(
          'type',
          branches.map((b) => b.schema),
        ),
        good: branches[0].good,
        bad: () => ({
          ...R.pick(branches).bad(),
          ...(R.chance(0.3) ? { type: R.pick([text(1, 6), 1, undefined]) } : {}),
        }),
      };
    }
    case 11:
      return refineNode(node(depth + 1));
    default: {
      const inner = node(depth + 1);
      const wrap = R.pick(['optional', 'nullable', 'default']);
      const schema =
        wrap === 'optional'
          ? inner.schema.optional()
          : wrap === 'nullable'
            ? inner.schema.nullable()
            : inner.schema.optional();
      return { schema, good: inner.good, bad: inner.bad };
    }
  }
}

/** An own property, whatever its name (`__proto__` too, as `JSON.parse` makes it). */
const put = (object, name, value) =>
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });

function objectNode(depth, fixed = {}, fixedGood = {}) {
  const fields = {};
  const goods = { ...fixedGood };
  const bads = { ...fixedGood };
  for (let i = R.int(1, 4); i > 0; i--) {
    const name = key();
    const child = node(depth);
    put(fields, name, child.schema);
    put(goods, name, child.good);
    put(bads, name, child.bad);
  }
  Object.assign(fields, fixed);
  let schema = z.object(fields);
  if (R.chance(0.3)) schema = schema.strict();
  const make = (from) => () => {
    const out = {};
    for (const [name, gen] of Object.entries(from)) {
      if (R.chance(0.1)) continue; // missing
      put(out, name, gen());
    }
    if (R.chance(0.15)) put(out, key(), anyValue()); // an extra key
    return out;
  };
  return { schema, good: make(goods), bad: R.chance(0.05) ? () => anyValue() : make(bads) };
}

// ---------------------------------------------------------------------------
// Where a difference is one we chose (README "Deliberate differences")

const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\]\]>/;
// A lone surrogate, raw or as the `\udXXX` escape `JSON.stringify` writes for it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\\ud[89a-f][0-9a-f]{2}/i;
const ATTRIBUTE_SPACE = /[\t\n\r]/;
const units = (s) => String(s).length;

const RAW_LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// What `plain` replaces: every character our escaping or the U+FFFD rule treats
// differently, `]]>`, and a lone surrogate.
const SPECIAL =
  /[\u0000-\u001f\ufffe\uffff]|\]\]>|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A copy with those characters replaced by `X`, and listed values cut to 50. */
function plain(value) {
  if (typeof value === 'string') return value.replace(SPECIAL, 'X');
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [name, inner] of Object.entries(value)) {
    put(
      out,
      plain(name),
      (name === 'values' || name === 'keys') && Array.isArray(inner) ? plain(inner.slice(0, 50)) : plain(inner),
    );
  }
  return out;
}

/** Whether the path walks through a key the arguments only inherit (`constructor`,
 * `__proto__`): the reference prints what it inherits, ours `(missing)`. */
function inherited(args, path) {
  let at = args;
  for (const segment of path) {
    if (at === null || typeof at !== 'object') return false;
    if (!Object.hasOwn(at, segment) && segment in at) return true;
    at = at[segment];
  }
  return false;
}

/** Why a difference between the two texts for one issue is deliberate, or null. */
function deliberate(issue, refText, issuesInCase, args) {
  const path = issue.path ?? [];
  if (refText instanceof Error)
    return inherited(args, path) ? 'inherited key (the reference throws)' : 'the reference throws';
  if (inherited(args, path)) return 'inherited key';
  if (path.some((seg) => ATTRIBUTE_SPACE.test(String(seg)))) return 'escapes (attribute whitespace)';
  if (LONE_SURROGATE.test(refText)) return 'lone surrogate (U+FFFD)';
  if (FORBIDDEN.test(refText)) return 'escapes (]]>, forbidden character)';
  if (issuesInCase > 100) return 'caps (100 issues)';
  if (units(issue.message ?? '') > 1000) return 'caps (1,000-unit message)';
  if (path.length > 32 || path.some((seg) => units(seg) > 100)) return 'caps (path)';
  const listed = issue.values ?? issue.keys ?? [];
  if (listed.length > 50) return 'caps (50 values)';
  return null;
}

// ---------------------------------------------------------------------------
// The run

const reference = await loadReference();
const ours = await loadOurs();

const buckets = new Map(); // code → { issues, same, deliberate: Map, unexplained, examples }
const bucket = (code) => {
  if (!buckets.has(code))
    buckets.set(code, { issues: 0, same: 0, deliberate: new Map(), unexplained: 0, examples: [] });
  return buckets.get(code);
};
const totals = { cases: 0, rejected: 0, wholeSame: 0, wholeDeliberate: 0, wholeUnexplained: 0, issues: 0 };

const call = (format, issues, args) => {
  try {
    return format(issues, 'tool/act', args);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
};

for (let i = 0; i < CASES; i++) {
  totals.cases++;
  const shape = objectNode(0);
  const args = shape.bad();
  let result;
  try {
    result = shape.schema.safeParse(args);
  } catch {
    continue; // a refinement's own throw: not a rejection
  }
  if (result.success) continue;
  totals.rejected++;
  const issues = result.error.issues;
  // Whole texts.
  const refWhole = call(reference, issues, args);
  const ourWhole = call(ours, issues, args);
  let caseDeliberate = false;
  let caseUnexplained = false;
  // One issue at a time, so each difference is charged to its own issue code.
  for (const issue of issues) {
    totals.issues++;
    // Bounds a refinement added without `origin` (issue 19) get a row of their own.
    const bound = (issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === undefined;
    const b = bucket(bound ? `${issue.code} (no origin)` : issue.code);
    b.issues++;
    const ref = call(reference, [issue], args);
    const our = call(ours, [issue], args);
    if (!(ref instanceof Error) && ref === our) {
      b.same++;
      continue;
    }
    let why = deliberate(issue, ref, 1, args);
    if (why !== null && !why.startsWith('inherited')) {
      // A chosen difference must be the only one: with the characters it is about
      // replaced, and lists cut to the cap, the two texts must be the same again.
      const plainIssue = plain(issue);
      const plainArgs = plain(args);
      const again = [call(reference, [plainIssue], plainArgs), call(ours, [plainIssue], plainArgs)];
      if (again[0] instanceof Error || again[0] !== again[1]) why = null;
      // The reference's `.slice(0, 50)` / `.slice(0, 47)` can cut a surrogate pair in
      // half; ours ends the cut before the pair.
      if (why === null && typeof ref === 'string' && ref.replace(RAW_LONE_SURROGATE, '') === our) {
        why = 'a pair cut in half by the 50-unit cut (ours drops it whole)';
      }
    }
    if (why !== null) {
      b.deliberate.set(why, (b.deliberate.get(why) ?? 0) + 1);
      caseDeliberate = true;
      continue;
    }
    b.unexplained++;
    caseUnexplained = true;
    if (b.examples.length < EXAMPLES) {
      b.examples.push({ issue, args, reference: String(ref), ours: String(our) });
    }
  }
  if (!(refWhole instanceof Error) && refWhole === ourWhole) totals.wholeSame++;
  else if (caseUnexplained) totals.wholeUnexplained++;
  else if (caseDeliberate || deliberate({ path: [] }, refWhole, issues.length, args)) totals.wholeDeliberate++;
  else totals.wholeUnexplained++;
}

const zodVersion = JSON.parse(readFileSync(resolve(root, 'node_modules/zod/package.json'), 'utf8')).version;
console.log(
  `fusion-diff: seed ${SEED}, ${totals.cases} random Zod ${zodVersion} schemas, ${totals.rejected} rejected, ${totals.issues} issues`,
);
console.log(
  `reference: vinkius-labs/mcp-fusion ValidationErrorFormatter.ts @ ${REF_COMMIT.slice(0, 8)}; ours: ${pkgDir}`,
);
console.log('');
console.log('| issue code | issues | same bytes | deliberate | unexplained |');
console.log('|---|---|---|---|---|');
const rows = [...buckets.entries()].sort((a, b) => b[1].issues - a[1].issues);
for (const [code, b] of rows) {
  const chosen = [...b.deliberate.entries()].map(([why, n]) => `${n} ${why}`).join('; ') || '0';
  console.log(`| \`${code}\` | ${b.issues} | ${b.same} | ${chosen} | ${b.unexplained} |`);
}
console.log('');
console.log(
  `whole texts: ${totals.wholeSame} of ${totals.rejected} the same, ${totals.wholeDeliberate} deliberate, ${totals.wholeUnexplained} unexplained`,
);
for (const [code, b] of rows) {
  for (const example of b.examples) {
    console.log(
      `\n-- ${code} unexplained:\n   issue ${JSON.stringify(example.issue)}\n   args  ${JSON.stringify(example.args)}`,
    );
    console.log(`   reference ${JSON.stringify(example.reference.split('\n')[1] ?? example.reference)}`);
    console.log(`   ours      ${JSON.stringify(example.ours.split('\n')[1] ?? example.ours)}`);
  }
}

// make bench: the copy of a rejection's issues before they cross into wasm (lib/jsonrpc.js's
// issuesCrossing: one copyJson per issue, a shared budget, `sizes` and `seen`) against a
// guarded hand-written bounded copy written here, on bench/format.mjs's ZodErrors at 4 and
// 50 issues. The hand-written copy is what a careful author would write for exactly this
// job: plain JS, each property read once inside try/catch, depth, entry and string-unit
// caps, a shared node and unit budget, a cycle check, the issues past the ones read whole
// as `0` when their code alone would tell the core no more; no policy object, no closures per call, no `sizes` or `seen`.
// Both must write the same JSON text (checked before timing), and both are timed as they
// cross: ours as the UTF-8 bytes it writes in place, the hand-written text with its
// encoding into a buffer. Issue 21's goal: ours within 1.5× of it. Medians and fastest of interleaved rounds; figures only.
import { pathToFileURL } from 'node:url';
import { zodError } from './format.mjs';
import { duration, interleavedRounds, packageDir } from './timing.mjs';

/** The goal: ours ≤ this × the hand-written copy's time. */
const GOAL = 1.5;
export const SIZES = [4, 50];

/**
 * The hand-written copy of `issues`, built from the package's constants (the same caps).
 * @param {Record<string, any>} c the package's lib/constants.js
 */
export function handWritten(c) {
  const UNREADABLE_JSON = JSON.stringify(c.UNREADABLE);
  const { depth: KEPT_DEPTH, entries: KEPT_ENTRIES, stringUnits: KEPT_UNITS } = c.COPY_KEPT_ISSUE;
  const { depth: OTHER_DEPTH, entries: OTHER_ENTRIES, stringUnits: OTHER_UNITS } = c.COPY_OTHER_ISSUE;
  const UNIONS = new Set(c.UNION_CODES);
  const UNIT_FLOOR = c.COPY_UNIT_FLOOR;
  const NOT_PLAIN = /["\\\u0000-\u001f\ud800-\udfff]/;
  const isEnumerable = Object.prototype.propertyIsEnumerable;
  // One copy's state: the text written, the caps of the issue being copied, the budget
  // shared by the issues, the containers on the path from the root.
  let out = '';
  let maxDepth = 0;
  let maxEntries = 0;
  let maxUnits = 0;
  let nodes = 0;
  let units = 0;
  const stack = [];

  /** JSON text of `text`: short text scanned by a loop, longer text by the regular expression. */
  function quote(text) {
    const length = text.length;
    if (length > 40) return NOT_PLAIN.test(text) ? JSON.stringify(text.toWellFormed()) : `"${text}"`;
    for (let i = 0; i < length; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0x20 || unit === 0x22 || unit === 0x5c || (unit & 0xf800) === 0xd800) {
        return JSON.stringify(text.toWellFormed());
      }
    }
    return `"${text}"`;
  }

  function string(text) {
    const cap = units > 0 ? maxUnits : UNIT_FLOOR;
    const kept = text.length > cap ? text.slice(0, cap) : text;
    units -= kept.length;
    out += quote(kept);
  }

  function value(v, depth) {
    switch (typeof v) {
      case 'string':
        string(v);
        return;
      case 'number':
        out += Number.isFinite(v) ? `${v}` : 'null';
        return;
      case 'boolean':
        out += v ? 'true' : 'false';
        return;
      case 'object':
        if (v === null) {
          out += 'null';
          return;
        }
        break;
      default:
        out += UNREADABLE_JSON;
        return;
    }
    if (depth >= maxDepth || nodes <= 0) {
      out += UNREADABLE_JSON;
      return;
    }
    for (let d = 0; d < depth; d++) {
      if (stack[d] === v) {
        out += UNREADABLE_JSON;
        return;
      }
    }
    nodes -= 1;
    stack[depth] = v;
    const start = out.length;
    try {
      if (Array.isArray(v)) {
        const length = Math.min(v.length, maxEntries);
        out += '[';
        for (let i = 0; i < length; i++) {
          if (i > 0) out += ',';
          let member;
          try {
            member = v[i];
          } catch {
            out += UNREADABLE_JSON;
            continue;
          }
          if (member === undefined) out += 'null';
          else value(member, depth + 1);
        }
        out += ']';
      } else {
        const keys = Object.keys(v);
        const count = Math.min(keys.length, maxEntries);
        out += '{';
        let written = 0;
        for (let i = 0; i < count; i++) {
          const key = keys[i];
          let member;
          let readable = true;
          try {
            member = v[key];
          } catch {
            readable = false;
          }
          if (readable && member === undefined) continue;
          if (written > 0) out += ',';
          written += 1;
          string(key);
          out += ':';
          if (readable) value(member, depth + 1);
          else out += UNREADABLE_JSON;
        }
        out += '}';
      }
    } catch {
      out = out.slice(0, start) + UNREADABLE_JSON;
    }
  }

  /** An issue past the ones read whole as `0` when its own code is a short string and no union's, or undefined when it is copied whole. */
  function counted(issue) {
    if (issue === null || typeof issue !== 'object') return undefined;
    let code;
    try {
      if (Array.isArray(issue) || !isEnumerable.call(issue, 'code')) return undefined;
      code = issue.code;
    } catch {
      return undefined;
    }
    if (typeof code !== 'string' || code.length > c.CODE_UNITS || UNIONS.has(code)) return undefined;
    return c.COUNTED_ISSUE;
  }

  return function copyIssues(issues) {
    let total;
    try {
      total = Array.isArray(issues) ? issues.length : 0;
    } catch {
      total = 0;
    }
    nodes = c.COPY_NODE_BUDGET;
    units = c.COPY_UNIT_BUDGET;
    out = '[';
    const crossing = Math.min(total, c.ISSUES_CROSSING);
    for (let i = 0; i < crossing; i++) {
      if (i > 0) out += ',';
      let issue;
      try {
        issue = issues[i];
      } catch {
        out += UNREADABLE_JSON;
        continue;
      }
      if (i >= c.ISSUES_READ_WHOLE) {
        const alone = counted(issue);
        if (alone !== undefined) {
          out += alone;
          continue;
        }
        maxDepth = OTHER_DEPTH;
        maxEntries = OTHER_ENTRIES;
        maxUnits = OTHER_UNITS;
      } else {
        maxDepth = KEPT_DEPTH;
        maxEntries = KEPT_ENTRIES;
        maxUnits = KEPT_UNITS;
      }
      value(issue, 0);
    }
    const text = `${out}]`;
    out = '';
    stack.length = 0;
    return text;
  };
}

export async function run(pkg) {
  const { issuesCrossing } = await import(new URL('lib/jsonrpc.js', pkg).href);
  const { holding, textOf } = await import(new URL('lib/json-out.js', pkg).href);
  const constants = await import(new URL('lib/constants.js', pkg).href);
  const copy = handWritten(constants);
  // Both as they cross: ours writes UTF-8 bytes in place, the hand-written text is encoded into a buffer.
  const encoder = new TextEncoder();
  const crossing = new Uint8Array(1 << 20);
  const hand = (issues) => {
    const text = copy(issues);
    encoder.encodeInto(text, crossing);
    return text;
  };
  const ourText = (issues) => holding(() => textOf(issuesCrossing(issues).json));
  const ourBytes = (issues) => holding(() => issuesCrossing(issues).json);
  console.log(
    'the copy of the issues before they cross (issuesCrossing) against a guarded hand-written bounded copy (bench/copy.mjs), per call',
  );
  console.log('  issues        ours  hand-written   ratio   ours (fastest)  hand (fastest)   ratio');
  const rows = [];
  for (const n of SIZES) {
    const { error } = zodError(n);
    const issues = error.issues;
    const ours = ourText(issues);
    const theirs = hand(issues);
    if (ours !== theirs) throw new Error(`bench/copy: the copies differ at ${n} issues:\n${ours}\n${theirs}`);
    globalThis.gc?.();
    const [a, b] = interleavedRounds([() => ourBytes(issues), () => hand(issues)]);
    const ratio = (x, y) => `${(x / y).toFixed(2)}×`;
    console.log(
      `  ${String(n).padStart(6)}  ${duration(a.median).padStart(10)}  ${duration(b.median).padStart(12)}  ${ratio(a.median, b.median).padStart(6)}  ${duration(a.fastest).padStart(15)}  ${duration(b.fastest).padStart(14)}  ${ratio(a.fastest, b.fastest).padStart(6)}`,
    );
    rows.push({ n, ours: a, hand: b });
  }
  console.log(`  ours / hand-written: goal ≤ ${GOAL.toFixed(1)}×`);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run(packageDir());

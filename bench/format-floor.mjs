// The plain-JS floor of formatValidation for bench/format.mjs: the least work that
// writes the same McpError parts (code, message, data) as the package for the
// benchmark's inputs — template strings, no bounds, no checks of untrusted input, no
// redaction, no copy of the issues. It computes everything from its inputs: each line
// is the issue's path and Zod's message, each hint sentence comes from the issue's code
// and `expected` and the value the arguments hold at its path, the counts from the
// issues' length. bench/format.mjs checks it against the package before timing.
//
// It supports only what the benchmark's issues hold: `invalid_type` (a wrong type, and
// Zod 4's integer check, `expected: "int"`, which the package words "an integer, not a
// fractional number") and `invalid_value` (an unknown enum value, restated as its line),
// each at a path whose value was sent, with dotted string/number path segments. Not
// there: a missing value (`Provide x.`), unions, unknown keys (the only sentences the
// package takes from `schema`, so the floor never reads it), repeated sentences (the
// package writes each once; the benchmark's paths are all different), a hint made of
// restatements only, the 1,024-unit line cap and every other bound.
//
// What it returns: an Error subclass with the package McpError's own fields (`name`,
// `code`, `data`; `message` and `stack` from Error), since formatValidation returns an
// McpError, an Error: both pay for capturing a stack, a good part of the cost of a call
// this small. `data.issues` is the caller's issues (the first ten when there are more),
// not a copy: the same JSON, none of the package's copying and bounding of what the
// caller passed.

/** The package's McpError, less its argument checks and its brand. */
class FloorMcpError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'McpError';
    this.code = code;
    this.data = data;
  }
}

/** Lines the message and hint show at most; each issue past them is one of `(+N more)`. */
const SHOWN = 10;

/** What arrived, as the hint names it: `a number`, `null`, `an array`. */
function arrived(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : type === 'boolean' ? 'a boolean' : `a ${type}`;
}

/** `an int`, `a string`: `an` before a vowel. */
function withArticle(name) {
  const c = name[0];
  return c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' ? `an ${name}` : `a ${name}`;
}

/**
 * formatValidation(issues, { tool, args, schema }) for wrong types, Zod 4's integer
 * check and unknown enum values at paths the arguments hold (see above).
 * @param {{ code: string, path: (string | number)[], message: string, expected?: string }[]} issues
 * @param {{ tool: string, args: unknown, schema?: unknown }} options
 */
export function floorFormatValidation(issues, { tool, args }) {
  const shown = issues.length > SHOWN ? issues.slice(0, SHOWN) : issues;
  let lines = '';
  let hint = '';
  for (let i = 0; i < shown.length; i++) {
    const issue = shown[i];
    const path = issue.path.join('.');
    const line = `${path}: ${issue.message}`;
    let sentence;
    if (issue.code === 'invalid_type') {
      let value = args;
      for (const key of issue.path) value = value[key];
      sentence =
        issue.expected === 'int' && typeof value === 'number'
          ? `Send ${path} as an integer, not a fractional number.`
          : `Send ${path} as ${withArticle(issue.expected)}, not ${arrived(value)}.`;
    } else {
      const last = line[line.length - 1];
      sentence = last === '.' || last === '?' || last === '!' ? line : `${line}.`;
    }
    lines += i === 0 ? line : `, ${line}`;
    hint += i === 0 ? sentence : ` ${sentence}`;
  }
  const more = issues.length - shown.length;
  const message = `Input validation error: Invalid arguments for tool ${tool}: ${lines}`;
  if (more === 0) {
    return new FloorMcpError(-32602, message, { issues, reason: 'invalid_arguments', recovery: { hint } });
  }
  return new FloorMcpError(-32602, `${message} (+${more} more)`, {
    issues: shown,
    issuesCount: issues.length,
    reason: 'invalid_arguments',
    recovery: { hint: `${hint} (+${more} more)` },
  });
}

// Types of prevalidate: mcp-ts-core's ordered repair of a tool call's arguments, driven
// by the tool's JSON Schema and, after a rejection, the validator's issues.

import type { PreValidationInput } from '../wasm/mcp_envelope.js';
import type { JsonSchemaObject, PrevalidateOptions } from './shapes.js';

export type { PrevalidateOptions } from './shapes.js';

/** The arguments after pre-validation and what its key stages changed (`formatValidation`'s `input`). */
export interface PrevalidateResult {
  /** The arguments to parse: the caller's own object when nothing changed, else a new one holding the caller's values. */
  args: unknown;
  /** What the key stages changed, keys only: pass it as `formatValidation`'s `input`. */
  report: PreValidationInput;
}

/** {@link PrevalidateResult} of the whole step: `issues` is the rejection's, absent when the arguments validate. */
export interface PrevalidateOutcome<Issue> extends PrevalidateResult {
  issues?: Issue[];
}

/** A validator for the whole step: its issues for arguments it rejects, an empty list, `null` or `undefined` otherwise. */
export type PrevalidateCheck<Issue> = (args: unknown) => readonly Issue[] | null | undefined;

/**
 * The key stages only: client-added root keys dropped (`_meta`, `toolCallId`, …, an
 * undeclared `_`-prefixed key), declared and case-style aliases moved to their target
 * (never beside it). Never throws for any `args`.
 * @throws TypeError for a malformed `inputSchema` or option.
 */
export declare function prevalidate(
  args: unknown,
  inputSchema: JsonSchemaObject,
  options?: PrevalidateOptions,
): PrevalidateResult;
/**
 * The whole step with the tool's validator: the key stages, the parse, and only after
 * a rejection the value repairs (a stringified list or object, an integer for a string,
 * a numeric or boolean string, a lone string for a list, `null` for an optional field),
 * each kept only if `validate` then accepts the arguments. A Promise when `validate`
 * returns one.
 */
export declare function prevalidate<Issue>(
  args: unknown,
  inputSchema: JsonSchemaObject,
  options: PrevalidateOptions & { validate: (args: unknown) => Promise<readonly Issue[] | null | undefined> },
): Promise<PrevalidateOutcome<Issue>>;
export declare function prevalidate<Issue>(
  args: unknown,
  inputSchema: JsonSchemaObject,
  options: PrevalidateOptions & { validate: PrevalidateCheck<Issue> },
): PrevalidateOutcome<Issue>;

// Types of registerTool: the drop-in for `server.registerTool(...)` on the official MCP
// SDK's McpServer (v1 `@modelcontextprotocol/sdk`, v2 `@modelcontextprotocol/server`).
// No SDK type is imported: the handler's context, its result and the registered tool
// are read off the server you pass, so the same declarations fit both SDK versions.
//
// The data shapes (the schema shapes, `RegisterToolOptions`) are generated from their
// Rust declarations (src/wasm/types.rs) and re-exported here. What stays is what cannot
// be generated: the types computed from the server and the schema you pass (conditional
// and mapped types: arguments, context, result, config, handler), `McpServerLike` (a
// method signature the server is matched against, not data) and the signature.

import type {
  IssueLike,
  JsonSchemaObject,
  RawShapeLike,
  RegisterToolOptions,
  StandardSchemaLike,
  ToolInputSchema,
} from './shapes.js';

export type {
  RawShapeLike,
  RegisterToolOptions,
  StandardSchemaLike,
  ToolFailureRecord,
  ToolInputSchema,
} from './shapes.js';

type OutputOf<S> = S extends { readonly '~standard': { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly output: infer O }
    ? O
    : unknown
  : unknown;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

type ShapeArgs<S extends RawShapeLike> = Flatten<
  { [K in keyof S as undefined extends OutputOf<S[K]> ? never : K]: OutputOf<S[K]> } & {
    [K in keyof S as undefined extends OutputOf<S[K]> ? K : never]?: OutputOf<S[K]>;
  }
>;

/** The arguments a handler receives for an `inputSchema`: what the schema's parse returns. */
export type ToolArgs<S extends ToolInputSchema> = S extends StandardSchemaLike
  ? OutputOf<S>
  : S extends RawShapeLike
    ? ShapeArgs<S>
    : never;

/** An MCP SDK `McpServer` (v1 or v2), seen through its `registerTool` method. */
export interface McpServerLike {
  registerTool(name: string, config: never, callback: never): unknown;
}

type CallbackOf<Server> = Server extends { registerTool(name: string, config: never, callback: infer C): unknown }
  ? C
  : never;

/** The second argument the SDK passes a tool handler: v1's request `extra`, v2's context. */
export type ToolContext<Server extends McpServerLike> =
  CallbackOf<Server> extends infer C
    ? C extends (args: never, context: infer E) => unknown
      ? unknown extends E
        ? C extends (context: infer Only) => unknown
          ? Only
          : never
        : E
      : never
    : never;

/** What a tool handler returns on this server: the SDK's `CallToolResult`. */
export type ToolResult<Server extends McpServerLike> =
  CallbackOf<Server> extends infer C ? (C extends (...args: never) => infer R ? Awaited<R> : never) : never;

/** What `server.registerTool` returns: the SDK's `RegisteredTool`. */
export type RegisteredToolOf<Server extends McpServerLike> = Server extends {
  registerTool(name: string, config: never, callback: never): infer R;
}
  ? R
  : never;

type SdkConfigOf<Server> = Server extends { registerTool(name: string, config: infer C, callback: never): unknown }
  ? C
  : never;

/** The SDK's tool config (title, description, outputSchema, annotations, _meta ...) with our options. */
export type RegisterToolConfig<Server extends McpServerLike, Schema extends ToolInputSchema | undefined> = Omit<
  SdkConfigOf<Server>,
  'inputSchema'
> &
  RegisterToolOptions & { inputSchema?: Schema };

/** A tool handler: `(args, context)` with an `inputSchema`, `(context)` without, as in the SDK. */
export type ToolHandler<Server extends McpServerLike, Schema extends ToolInputSchema | undefined> = [Schema] extends [
  ToolInputSchema,
]
  ? (args: ToolArgs<Schema>, context: ToolContext<Server>) => ToolResult<Server> | Promise<ToolResult<Server>>
  : (context: ToolContext<Server>) => ToolResult<Server> | Promise<ToolResult<Server>>;

/**
 * `server.registerTool(name, config, handler)`, with every error the model sees written
 * by this package: arguments the schema rejects get the argument rejection (naming
 * what to send instead), and anything the handler throws gets the tool error result
 * (its code classified; in the XML dialect, `INTERNAL_ERROR`, or a thrown `toolError`
 * / `ErrorBuilder` passed through). `tools/list` publishes exactly what
 * `server.registerTool` would. The arguments are parsed once, by the SDK, with your
 * schema. Returns the SDK's registered tool.
 * @throws TypeError when `server` has no `registerTool`, `handler` is not a function,
 * `config.dialect` is not `'jsonrpc'` or `'xml'`, or `inputSchema` is not a schema.
 */
export declare function registerTool<
  Server extends McpServerLike,
  const Schema extends ToolInputSchema | undefined = undefined,
>(
  server: Server,
  name: string,
  config: RegisterToolConfig<Server, Schema>,
  handler: ToolHandler<Server, Schema>,
): RegisteredToolOf<Server>;

/** A `registerTool` whose own options default to `defaults` (a tool's config still overrides each). */
export interface RegisterToolWithDefaults {
  <Server extends McpServerLike, const Schema extends ToolInputSchema | undefined = undefined>(
    server: Server,
    name: string,
    config: RegisterToolConfig<Server, Schema>,
    handler: ToolHandler<Server, Schema>,
  ): RegisteredToolOf<Server>;
  /** These defaults with `more` on top. */
  defaults(more: RegisterToolOptions): RegisterToolWithDefaults;
}

export declare namespace registerTool {
  /**
   * A `registerTool` with these options (`onError`, `requestId`, `guidance`, `dialect`,
   * `redactSecrets`, `maskServerErrors`, `errors`) as its defaults, e.g. one log hook for a
   * whole server. Checked at once.
   * @throws TypeError for a key that is no option of registerTool, or a wrong value.
   */
  function defaults(options: RegisterToolOptions): RegisterToolWithDefaults;
}

/**
 * A tool's `inputSchema` from a plain JSON Schema and the validator that checks it (Ajv,
 * @cfworker/json-schema, …): `validate` returns the validator's errors for arguments it
 * rejects, and an empty list, `null` or `undefined` for arguments it accepts. The
 * rejection reads those errors as it reads any validator's; `tools/list` shows `schema`.
 * `Args` is what the handler receives (the schema is not read for it).
 * @throws TypeError when `schema` is not an object or `validate` not a function.
 */
export declare function jsonSchemaInput<Args = Record<string, unknown>>(
  schema: JsonSchemaObject,
  validate: (args: unknown) => readonly IssueLike[] | null | undefined,
): StandardSchemaLike<Args> & {
  readonly '~standard': { readonly types?: { readonly input: unknown; readonly output: Args } | undefined };
};

// Types of httpErrorFromResponse: an upstream HTTP response that failed, as an McpError.
// The response is described structurally (what the function reads of it), so the DOM's
// and undici's `Response` fit, and so does any object of that shape.

import type { McpError } from '../index.js';

/** What httpErrorFromResponse reads of a `Response`: each field once. */
export interface UpstreamResponseLike {
  readonly status: number;
  readonly statusText?: string;
  /** The final URL; the message names its host, `includeUrl` puts it (scrubbed) on `data.url`. */
  readonly url?: string;
  readonly headers?: { get(name: string): string | null };
  /** Read through its reader, at most `bodyLimit` bytes (plus the rest of a character), the rest cancelled. */
  readonly body?: {
    getReader(): {
      read(): PromiseLike<{ done: boolean; value?: ArrayBufferView | undefined }>;
      cancel(reason?: unknown): PromiseLike<void> | void;
    };
  } | null;
}

/** The options of {@link httpErrorFromResponse}. */
export interface HttpErrorFromResponseOptions {
  /** Named in the message (`NCBI returned HTTP 429 Too Many Requests.`); a JS caller that leaves it out gets the URL's host, else `Upstream`. */
  service: string;
  /** Fields merged into `data`; each replaces one of ours of the same name. Client-visible. */
  data?: Record<string, unknown>;
  /** Read the body into `data.body` (and `data.responseBody`). Default `true`. */
  captureBody?: boolean;
  /** Bytes of body kept, cut on a character boundary and ended with `…`. Default 500, at most 1,048,576; 0 keeps no body. */
  bodyLimit?: number;
  /** Put the response URL on `data.url`, its userinfo, fragment and credential query values left out. Default `false`. */
  includeUrl?: boolean;
  /** Response headers copied onto `data.headers` under lowercase keys (at most 64 names); a credential's header never is. */
  errorHeaders?: readonly string[];
}

/**
 * The McpError for an upstream response that failed: the code from the status
 * (httpStatusToErrorCode; InternalError below 300), mcp-ts-core's message, and `data`
 * with the status, the body (bounded), a valid Retry-After, the headers asked for and
 * your fields. Never rejects for anything the response does; rejects with a TypeError
 * for a bad argument.
 */
export declare function httpErrorFromResponse(
  response: UpstreamResponseLike,
  options: HttpErrorFromResponseOptions,
): Promise<McpError>;

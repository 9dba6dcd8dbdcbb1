// Compiled by `tsc -p js-tests/types`: httpErrorFromResponse as a server calls it after a
// raw fetch must check (the DOM's Response, a response-shaped object), and misuse must not.
import {
  httpErrorFromResponse,
  type JsonRpcErrorCode,
  type HttpErrorFromResponseOptions,
  type McpError,
  type UpstreamResponseLike,
} from '../../pkg/index.js';

export async function lookup(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) {
    throw await httpErrorFromResponse(response, {
      service: 'NCBI',
      data: { endpoint: 'esearch' },
      bodyLimit: 200,
      includeUrl: false,
      errorHeaders: ['x-request-id'],
    });
  }
  return response.text();
}

const options: HttpErrorFromResponseOptions = { service: 'Billing', captureBody: false };
const shaped: UpstreamResponseLike = { status: 503, statusText: '', url: '', headers: { get: () => null }, body: null };
const pending: Promise<McpError> = httpErrorFromResponse(shaped, options);
void pending.then((error) => {
  const code: JsonRpcErrorCode = error.code;
  const data: Record<string, unknown> | undefined = error.data;
  void [code, data];
});

// @ts-expect-error: bodyLimit is a number
void httpErrorFromResponse(new Response(null, { status: 500 }), { service: 'x', bodyLimit: '500' });
// @ts-expect-error: errorHeaders lists names
void httpErrorFromResponse(new Response(null, { status: 500 }), { service: 'x', errorHeaders: 'x-request-id' });
// @ts-expect-error: a response has a numeric status
void httpErrorFromResponse({ status: '500' }, { service: 'x' });
// @ts-expect-error: the service is required
void httpErrorFromResponse(new Response(null, { status: 500 }), {});

// SDK 2.x's declarations name Node's `Buffer` (a stdio reader's `append(chunk: Buffer)`),
// which a server or client built on it gets from @types/node. Only that one name is
// declared here, so that mcp-envelope's own declarations still cannot lean on Node's
// types unnoticed (this check runs with `types: []`).
declare global {
  interface Buffer extends Uint8Array {}
}
export {};

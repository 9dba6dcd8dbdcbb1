// ArkType's declarations name Node's `buffer` module (`typeof import("buffer").File`),
// which a server gets from @types/node. Only that one name is declared here, for the same
// reason as sdk-globals.d.ts: this check runs with `types: []`.
declare module 'buffer' {
  export const File: typeof globalThis.File;
}

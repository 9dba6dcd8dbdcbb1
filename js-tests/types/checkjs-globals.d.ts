// What the JS layer (pkg-template/lib, checked by tsconfig.checkjs.json) uses only
// behind a `typeof … === 'function'` guard: optional here, so an unguarded call fails.
interface ErrorConstructor {
  isError?(value: unknown): value is Error;
  captureStackTrace?(target: object, constructor?: (...args: never) => unknown): void;
}

interface String {
  toWellFormed?(): string;
}

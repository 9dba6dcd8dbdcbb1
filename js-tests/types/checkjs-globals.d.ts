// What the JS layer (pkg-template/lib, checked by tsconfig.checkjs.json) uses past the
// ES2022 library, each behind a `typeof … === 'function'` guard. Error's are optional
// here, so an unguarded call fails.
interface ErrorConstructor {
  isError?(value: unknown): value is Error;
  captureStackTrace?(target: object, constructor?: (...args: never) => unknown): void;
  // V8's and JavaScriptCore's; stack.js sets it only when it is a writable number.
  stackTraceLimit?: number;
}

// ES2024 (wire.js's wellFormed calls it only where it exists).
interface String {
  toWellFormed(): string;
}

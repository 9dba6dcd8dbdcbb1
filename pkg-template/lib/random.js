// Random bytes for request ids, drawn from crypto.getRandomValues in bulk: one call per
// 128 ids instead of one per id (a call costs about as much as a whole envelope). Each
// id takes bytes no other id has taken; the core rejection-samples them (no modulo bias).

const ID_BYTES = 32;
const pool = new Uint8Array(ID_BYTES * 128);
let next = pool.length;

/** 32 fresh random bytes (a view into the pool: use it before the next call). */
export function idBytes() {
  if (next + ID_BYTES > pool.length) {
    crypto.getRandomValues(pool);
    next = 0;
  }
  const bytes = pool.subarray(next, next + ID_BYTES);
  next += ID_BYTES;
  return bytes;
}

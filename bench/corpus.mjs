// 10,000 varied, realistic thrown errors, the same on every run (seeded), shared by the
// classify benchmark and the differential test against the reference.

const MESSAGES = [
  'Request failed with status code 503',
  'Request failed with status code 429',
  'Request failed with status code 404',
  'Request failed with status code 401',
  'connect ECONNREFUSED 127.0.0.1:5432',
  'read ECONNRESET',
  'getaddrinfo ENOTFOUND api.example.com',
  'connect ETIMEDOUT 10.0.0.7:443',
  'User {id} not found',
  "Project {id} doesn't exist",
  'Invalid token',
  'Token expired: please log in again',
  'You are not logged in',
  'Permission denied for table invoices',
  'Access to bucket {id} was denied',
  'duplicate key value violates unique constraint "users_email_key"',
  'insert or update on table "orders" violates foreign key constraint "orders_user_id_fkey"',
  'JWT expired',
  'new row violates row level security policy for table "notes"',
  'You exceeded your current quota, please check your plan: insufficient_quota',
  "This model's maximum context length is 8192 tokens: context_length_exceeded",
  'The model `gpt-9` does not exist: model_not_found',
  'ThrottlingException: Rate exceeded',
  'The operation was aborted',
  'Request cancelled by the user',
  'Deadline exceeded after 30000ms',
  'Gateway Timeout',
  'Bad Gateway',
  'upstream error: connection reset by peer',
  'Too many requests, slow down',
  'Missing required parameter: query',
  'Malformed JSON in request body',
  'Schema validation failed for field "email"',
  "Cannot read properties of undefined (reading '{id}')",
  'x is not a function',
  'Maximum call stack size exceeded',
  'Invalid string length',
  'Unexpected token < in JSON at position 0',
  'fetch failed',
  'Something went wrong while processing job {id}',
  'Conflict: version {id} is stale',
  'DNS lookup failed for db.internal',
  'Service Unavailable',
  'Unauthorized',
  'Forbidden: missing scope tools:write',
  "no such file or directory, open '/tmp/{id}.json'",
];

const NAMES = [
  'Error',
  'Error',
  'Error',
  'Error',
  'TypeError',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'AbortError',
  'FetchError',
  'AxiosError',
  'PostgresError',
  'ThrottlingException',
  'ResourceNotFoundException',
  'AccessDeniedException',
  'ZodError',
  'TimeoutError',
  'ReferenceError',
];

const NATIVE = { TypeError, RangeError, SyntaxError, ReferenceError };

function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function corpus(size = 10_000, seed = 42) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const errors = [];
  for (let i = 0; i < size; i++) {
    let message = pick(MESSAGES).replace('{id}', String(Math.floor(random() * 1e6)));
    const roll = random();
    if (roll < 0.15) message = message.toUpperCase();
    else if (roll < 0.3) message = `${pick(['Tool failed: ', 'upstream: ', '[db] ', 'Error: '])}${message}`;
    const name = pick(NAMES);
    const Native = NATIVE[name];
    const error = Native ? new Native(message) : new Error(message);
    if (!Native) error.name = name;
    errors.push(error);
  }
  return errors;
}

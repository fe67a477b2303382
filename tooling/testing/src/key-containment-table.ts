/**
 * Who may do what with which key, as one table that every way in runs: a session and a management
 * key at /manage/v1 (apps/manage/src/manage.keys-containment.test.ts) and the operator's command
 * line (apps/cli/src/main.keys-containment.test.ts). Each way in maps an operation to its own
 * request or command; the rows and their answers are the same key service's.
 */

/** The account's ceiling for a key's own limit: the service's PETSTORE_RATE_LIMIT in these tests. */
export const ACCOUNT_RATE_LIMIT = 1000;
/** The bounded management key's own limit, and how long it lives: what it may give no key beyond. */
export const BOUNDED_RATE_LIMIT = 100;
export const HOUR_MS = 60 * 60 * 1000;

export type ContainmentCaller =
  'owner' | 'other account' | 'keys:manage key' | 'bounded keys:manage key' | 'keys:read key' | 'pets:write key' | 'operator';

/**
 * Whose key a row acts on: a fresh pet key of the account (that never expires, at the account's
 * limit), a fresh bounded pet key (expiring within the bounded management key's life, slower than
 * it), a management key (the key caller itself), another account's key.
 */
export type ContainmentTarget = 'pet key' | 'bounded pet key' | 'management key' | 'bounded management key' | "other account's key" | '—';

export const KEY_OPERATIONS = [
  'getAccount',
  'listKeys',
  'getKey',
  'updateKey name',
  'updateKey +keys:manage',
  'updateKey +pets:write',
  'updateKey rateLimit above the bounded key',
  'rollKey',
  'rollKey overlap at the bound',
  'rollKey overlap above the bound',
  'rollKey overlap of 99999999 s',
  'revokeKey',
  'createKey pets:read',
  'createKey pets:write',
  'createKey above the account limit',
  'createKey keys:manage at the account limit, never expiring',
  'createKey within the bounded key',
  'createKey expiring after the bounded key',
  'createKey faster than the bounded key',
  "createKey with the service's limit",
  'listAuditRecords',
] as const;
export type KeyOperation = (typeof KEY_OPERATIONS)[number];

/**
 * Containment, as one table: caller × operation × target → status. The callers are of account A
 * (its owner's session, and three of its keys: keys:manage with pets:read, keys:read, pets:write),
 * the owner of account B, and the operator (`petstore keys …`, acting on any account: 200
 * meaning it did it). Another account's key is 404 to every HTTP caller that may make the call.
 * Every way in runs the rows of its callers: apps/manage's test the sessions' and keys' over HTTP,
 * apps/cli's the operator's through the built command line (exit 0 for 2xx, 2 for 400, 1 else).
 */
export const KEY_CONTAINMENT_TABLE: ReadonlyArray<readonly [ContainmentCaller, KeyOperation, ContainmentTarget, number]> = [
  ['owner', 'getAccount', '—', 200],
  ['owner', 'listKeys', '—', 200],
  ['owner', 'getKey', 'pet key', 200],
  ['owner', 'getKey', "other account's key", 404],
  ['owner', 'updateKey name', 'management key', 200],
  ['owner', 'updateKey +pets:write', 'pet key', 200],
  ['owner', 'updateKey name', "other account's key", 404],
  ['owner', 'rollKey', 'pet key', 200],
  ['owner', 'rollKey', "other account's key", 404],
  ['owner', 'revokeKey', 'pet key', 200],
  ['owner', 'revokeKey', "other account's key", 404],
  ['owner', 'createKey pets:write', '—', 201],
  ['owner', 'createKey above the account limit', '—', 403],
  ['owner', 'createKey keys:manage at the account limit, never expiring', '—', 201],
  ['owner', 'createKey expiring after the bounded key', '—', 201],
  ['owner', "createKey with the service's limit", '—', 201],
  ['owner', 'updateKey rateLimit above the bounded key', 'bounded pet key', 200],
  ['owner', 'rollKey overlap at the bound', 'pet key', 200],
  ['owner', 'rollKey overlap above the bound', 'pet key', 400],
  ['owner', 'rollKey overlap of 99999999 s', 'pet key', 400],
  ['owner', 'listAuditRecords', '—', 200],

  ['other account', 'getKey', 'pet key', 404],
  ['other account', 'getKey', 'management key', 404],
  ['other account', 'updateKey name', 'pet key', 404],
  ['other account', 'rollKey', 'pet key', 404],
  ['other account', 'revokeKey', 'pet key', 404],
  ['other account', 'getKey', "other account's key", 200],

  ['keys:manage key', 'getAccount', '—', 200],
  ['keys:manage key', 'listKeys', '—', 200],
  ['keys:manage key', 'getKey', 'pet key', 200],
  ['keys:manage key', 'getKey', "other account's key", 404],
  ['keys:manage key', 'updateKey name', 'pet key', 200],
  ['keys:manage key', 'updateKey +keys:manage', 'pet key', 200],
  ['keys:manage key', 'updateKey +pets:write', 'pet key', 403],
  ['keys:manage key', 'updateKey name', 'management key', 200],
  ['keys:manage key', 'updateKey +pets:write', 'management key', 403],
  ['keys:manage key', 'updateKey +keys:manage', 'management key', 403],
  ['keys:manage key', 'updateKey name', "other account's key", 404],
  ['keys:manage key', 'rollKey', 'pet key', 200],
  ['keys:manage key', 'rollKey', "other account's key", 404],
  ['keys:manage key', 'revokeKey', 'pet key', 200],
  ['keys:manage key', 'revokeKey', "other account's key", 404],
  ['keys:manage key', 'createKey pets:read', '—', 201],
  ['keys:manage key', 'createKey pets:write', '—', 403],
  ['keys:manage key', 'createKey above the account limit', '—', 403],
  ['keys:manage key', 'createKey expiring after the bounded key', '—', 201],
  ['keys:manage key', 'rollKey overlap above the bound', 'pet key', 400],
  ['keys:manage key', 'rollKey overlap of 99999999 s', 'management key', 400],
  ['keys:manage key', 'listAuditRecords', '—', 200],

  // A management key that expires in an hour with a limit of its own: it makes no key that outlives or outruns it.
  ['bounded keys:manage key', 'createKey within the bounded key', '—', 201],
  ['bounded keys:manage key', 'createKey pets:read', '—', 403],
  ['bounded keys:manage key', 'createKey keys:manage at the account limit, never expiring', '—', 403],
  ['bounded keys:manage key', 'createKey expiring after the bounded key', '—', 403],
  ['bounded keys:manage key', 'createKey faster than the bounded key', '—', 403],
  ['bounded keys:manage key', "createKey with the service's limit", '—', 403],
  ['bounded keys:manage key', 'updateKey name', 'bounded pet key', 200],
  ['bounded keys:manage key', 'updateKey +keys:manage', 'bounded pet key', 200],
  ['bounded keys:manage key', 'updateKey rateLimit above the bounded key', 'bounded pet key', 403],
  ['bounded keys:manage key', 'updateKey name', 'pet key', 403],
  ['bounded keys:manage key', 'updateKey name', 'bounded management key', 200],
  ['bounded keys:manage key', 'rollKey', 'bounded pet key', 200],
  ['bounded keys:manage key', 'rollKey overlap at the bound', 'bounded pet key', 200],
  ['bounded keys:manage key', 'rollKey', 'pet key', 403],
  ['bounded keys:manage key', 'rollKey overlap above the bound', 'bounded pet key', 400],
  ['bounded keys:manage key', 'rollKey overlap of 99999999 s', 'bounded management key', 400],
  ['bounded keys:manage key', 'revokeKey', 'pet key', 200],

  ['keys:read key', 'getAccount', '—', 200],
  ['keys:read key', 'listKeys', '—', 200],
  ['keys:read key', 'getKey', 'pet key', 200],
  ['keys:read key', 'getKey', "other account's key", 404],
  ['keys:read key', 'updateKey name', 'pet key', 403],
  ['keys:read key', 'rollKey', 'pet key', 403],
  ['keys:read key', 'revokeKey', 'pet key', 403],
  ['keys:read key', 'createKey pets:read', '—', 403],
  ['keys:read key', 'listAuditRecords', '—', 200],

  ['pets:write key', 'getAccount', '—', 403],
  ['pets:write key', 'listKeys', '—', 403],
  ['pets:write key', 'getKey', 'pet key', 403],
  ['pets:write key', 'updateKey name', 'pet key', 403],
  ['pets:write key', 'rollKey', 'pet key', 403],
  ['pets:write key', 'revokeKey', 'pet key', 403],
  ['pets:write key', 'createKey pets:read', '—', 403],
  ['pets:write key', 'listAuditRecords', '—', 403],

  ['operator', 'listKeys', '—', 200],
  ['operator', 'updateKey +pets:write', 'pet key', 200],
  ['operator', 'updateKey +keys:manage', "other account's key", 200],
  ['operator', 'rollKey', "other account's key", 200],
  ['operator', 'revokeKey', 'pet key', 200],
  ['operator', 'createKey pets:write', '—', 200],
  ['operator', 'createKey above the account limit', '—', 200],
  ['operator', 'rollKey overlap at the bound', 'pet key', 200],
  ['operator', 'rollKey overlap above the bound', 'pet key', 400],
  ['operator', 'listAuditRecords', '—', 200],
];

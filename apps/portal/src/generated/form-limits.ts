// Generated from the served /manage/v1/openapi.json by apps/gateway/src/portal/manage-types.test.ts: run `npm run codegen`.

/** A new password's length in characters, as every form that sets one takes it: the document's `password` of signUp. */
export const NEW_PASSWORD = { minLength: 12, maxLength: 128 } as const;

/** An account's name, in characters: the document's `accountName` of signUp. */
export const ACCOUNT_NAME = { minLength: 1, maxLength: 200 } as const;

/** A key's name, in characters: the document's `name` of updateKey. */
export const KEY_NAME = { minLength: 1, maxLength: 100 } as const;

/** A key's own rate limit, in operations per window: the document's `rateLimit` of updateKey. */
export const RATE_LIMIT = { minimum: 1, maximum: 10000000 } as const;

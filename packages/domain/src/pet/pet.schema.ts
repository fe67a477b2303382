import { z } from 'zod';
import { canonicalInt64, INT64_MAX, INT64_MIN, isInt64, type Int64 } from './int64.js';

/**
 * Pet ids are assigned by the service from 1 up and stay within JavaScript's safe-integer range,
 * so every client reads them exactly as JSON numbers. A lookup may name any int64: one outside
 * this range names no pet.
 */
export const MAX_PET_ID = Number.MAX_SAFE_INTEGER;
export const MIN_PET_ID = 1;

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;
export const NAME_LENGTH = { min: 1, max: 200 } as const;

const PET_ID_RULE = `must be an integer from ${MIN_PET_ID} to ${MAX_PET_ID}`;
const INT64_RULE = `must be an integer from ${INT64_MIN} to ${INT64_MAX}`;
/**
 * The true reason an integer number past 2^53 - 1 is refused, whatever its size: it may not be
 * what the client sent (a JSON parser reading numbers as doubles turns 2^63 - 1 into 2^63, and
 * 9007199254740993 into 9007199254740992), so only its decimal text is exact.
 */
const UNSAFE_NUMBER_RULE = 'is a number past 2^53 - 1, which a JSON parser may already have rounded: send it as a decimal string';
const STATUS_RULE = `must be one of ${PET_STATUSES.join(', ')}`;
const LIMIT_RULE = `must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}`;
const NAME_RULE = `must be a non-blank string of at most ${NAME_LENGTH.max} characters`;
const TEXT_RULE = 'must be well-formed Unicode without control characters';

/** An error callback that says "is required" for a missing value and `rule` for any other. */
const requiredOr = (rule: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : rule);

export const PetId = z
  .int({ error: requiredOr(PET_ID_RULE) })
  .min(MIN_PET_ID, { error: PET_ID_RULE })
  .max(MAX_PET_ID, { error: PET_ID_RULE });

const isUnsafeInteger = (value: unknown) => Number.isInteger(value) && !Number.isSafeInteger(value);

/** Any int64, as a number or a bigint (see int64.ts); the output is its one canonical form. */
export const Int64Value = z
  .custom<Int64>(isInt64, { error: (issue) => (isUnsafeInteger(issue.input) ? UNSAFE_NUMBER_RULE : requiredOr(INT64_RULE)(issue)) })
  .transform(canonicalInt64);

export const PetStatus = z.enum(PET_STATUSES, { error: requiredOr(STATUS_RULE) });
export type PetStatus = z.infer<typeof PetStatus>;

/**
 * C0, DEL and C1 controls, and UTF-16 surrogates that pair with nothing (with the `u` flag a
 * pair is one astral code point, so only a lone half matches \p{Cs}). Such text cannot be stored
 * as it was sent: MongoDB's BSON strings are UTF-8, where a lone surrogate becomes U+FFFD.
 */
const MALFORMED_OR_CONTROL = /[\p{Cc}\p{Cs}]/u;

export const PetName = z
  .string({ error: requiredOr(NAME_RULE) })
  .min(NAME_LENGTH.min, { error: NAME_RULE })
  .max(NAME_LENGTH.max, { error: NAME_RULE })
  .refine((name) => name.trim().length > 0, { error: NAME_RULE })
  .refine((name) => !MALFORMED_OR_CONTROL.test(name), { error: TEXT_RULE });

export const NewPet = z.strictObject(
  {
    name: PetName,
    categoryId: Int64Value,
    status: PetStatus.optional(),
  },
  { error: requiredOr('must be a JSON object') },
);
export type NewPet = z.output<typeof NewPet>;

export const Pet = z.object({
  id: PetId,
  name: PetName,
  categoryId: Int64Value,
  status: PetStatus.optional(),
});
export type Pet = z.output<typeof Pet>;

const CURSOR_RULE = 'must be a cursor returned by a previous page';

/** The shape of every cursor (see cursor.ts): each text of it is a position, so a valid cursor. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,9}$/;
export const Cursor = z.string({ error: CURSOR_RULE }).regex(CURSOR_PATTERN, { error: CURSOR_RULE });

export const ListQuery = z.strictObject({
  limit: z
    .int({ error: LIMIT_RULE })
    .min(LIST_LIMIT.min, { error: LIMIT_RULE })
    .max(LIST_LIMIT.max, { error: LIMIT_RULE })
    .default(LIST_LIMIT.default),
  status: PetStatus.optional(),
  after: Cursor.optional(),
});
export type ListQueryInput = z.input<typeof ListQuery>;
export type ListQuery = z.output<typeof ListQuery>;

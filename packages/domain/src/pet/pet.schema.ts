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
  .max(MAX_PET_ID, { error: PET_ID_RULE })
  .meta({
    format: 'int64',
    description: 'A pet id: an int64 assigned by the service from 1 up, always within 1 to 2^53 - 1 so that every JSON parser reads it exactly.',
  });

const isUnsafeInteger = (value: unknown) => Number.isInteger(value) && !Number.isSafeInteger(value);

/** Any int64, as a number or a bigint (see int64.ts); the output is its one canonical form. */
export const Int64Value = z
  .custom<Int64>(isInt64, { error: (issue) => (isUnsafeInteger(issue.input) ? UNSAFE_NUMBER_RULE : requiredOr(INT64_RULE)(issue)) })
  .transform(canonicalInt64)
  // What the check above accepts, as a document says it: the int64 range (the documents write its bounds exactly).
  .meta({
    type: 'integer',
    format: 'int64',
    description:
      'Any 64-bit signed integer, carried exactly as JSON number digits: the service never rounds one, whatever its size. A client ' +
      'whose JSON parser reads numbers as doubles must read values beyond 2^53 - 1 losslessly (as a bigint or a decimal string) to keep them.',
  });

export const PetStatus = z.enum(PET_STATUSES, { error: requiredOr(STATUS_RULE) }).meta({ description: "The animal's availability." });
export type PetStatus = z.infer<typeof PetStatus>;

/**
 * No C0, DEL or C1 control (\p{Cc}), and at least one character that is neither a control nor
 * what `String.prototype.trim` removes: a name that is not blank. Written as JSON Schema's
 * `pattern` can carry it (no flags, `\u` escapes), so the documents state the rule the service checks.
 */
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f';
const TRIMMED = ' \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const NAME_PATTERN = new RegExp(`^[^${CONTROLS}]*[^${CONTROLS}${TRIMMED}][^${CONTROLS}]*$`);
const CONTROL = /\p{Cc}/u;
/**
 * UTF-16 surrogates that pair with nothing (with the `u` flag a pair is one astral code point, so
 * only a lone half matches \p{Cs}). Such text cannot be stored as it was sent: MongoDB's BSON
 * strings are UTF-8, where a lone surrogate becomes U+FFFD. JSON Schema strings are code points,
 * so no pattern can say this: the name's description does.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const PetName = z
  .string({ error: requiredOr(NAME_RULE) })
  .min(NAME_LENGTH.min, { error: NAME_RULE })
  .max(NAME_LENGTH.max, { error: NAME_RULE })
  // A blank name is told so first, as it is whatever else is wrong with it.
  .regex(NAME_PATTERN, { error: (issue) => (String(issue.input).trim() === '' || !CONTROL.test(String(issue.input)) ? NAME_RULE : TEXT_RULE) })
  .refine((name) => !LONE_SURROGATE.test(name), { error: TEXT_RULE })
  .meta({
    description:
      `The animal's name: ${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters, not all of them whitespace, with no control characters ` +
      '(U+0000 to U+001F, U+007F to U+009F). It must be well-formed Unicode: a string with an unpaired UTF-16 surrogate (`\\ud800` ' +
      'alone) is refused too, as JSON Schema strings cannot hold one.',
  });

export const NewPet = z
  .strictObject(
    {
      name: PetName,
      categoryId: Int64Value,
      status: PetStatus.optional(),
    },
    { error: requiredOr('must be a JSON object') },
  )
  .meta({
    description: 'An animal to add. Fields other than these are refused.',
    examples: [
      { name: 'Rex', categoryId: 1, status: 'available' },
      { name: 'Tom', categoryId: 2 },
    ],
  });
export type NewPet = z.output<typeof NewPet>;

export const Pet = z
  .object({
    id: PetId,
    name: PetName,
    categoryId: Int64Value,
    status: PetStatus.optional(),
  })
  .meta({ description: 'An animal in the catalogue.', examples: [{ id: 1, name: 'Rex', categoryId: 1, status: 'available' }] });
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

import { z } from 'zod';

/**
 * The contract's int64 fields are carried exactly within JavaScript's safe-integer range.
 * Values beyond it cannot cross a JSON number without rounding in most clients, so they are
 * refused with a 400 instead of being silently changed.
 */
export const MAX_INT64_SUPPORTED = Number.MAX_SAFE_INTEGER;
export const MIN_ID = 1;

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;
export const NAME_LENGTH = { min: 1, max: 200 } as const;

const ID_RULE = `must be an integer from ${MIN_ID} to ${MAX_INT64_SUPPORTED}`;
const STATUS_RULE = `must be one of ${PET_STATUSES.join(', ')}`;
const LIMIT_RULE = `must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}`;
const NAME_RULE = `must be a non-blank string of at most ${NAME_LENGTH.max} characters`;

/** An error callback that says "is required" for a missing value and `rule` for any other. */
const requiredOr = (rule: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : rule;

export const Int64Id = z
  .int({ error: requiredOr(ID_RULE) })
  .min(MIN_ID, { error: ID_RULE })
  .max(MAX_INT64_SUPPORTED, { error: ID_RULE });

export const PetStatus = z.enum(PET_STATUSES, { error: requiredOr(STATUS_RULE) });
export type PetStatus = z.infer<typeof PetStatus>;

export const PetName = z
  .string({ error: requiredOr(NAME_RULE) })
  .min(NAME_LENGTH.min, { error: NAME_RULE })
  .max(NAME_LENGTH.max, { error: NAME_RULE })
  .refine((name) => name.trim().length > 0, { error: NAME_RULE });

export const NewPet = z.strictObject(
  {
    name: PetName,
    categoryId: Int64Id,
    status: PetStatus.optional(),
  },
  { error: requiredOr('must be a JSON object') },
);
export type NewPet = z.infer<typeof NewPet>;

export const Pet = z.object({
  id: Int64Id,
  name: PetName,
  categoryId: Int64Id,
  status: PetStatus.optional(),
});
export type Pet = z.infer<typeof Pet>;

export const Cursor = z.string({ error: 'must be a cursor returned by a previous page' }).min(1);

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

import { z } from 'zod';

/** The largest per-key rate limit, as for PETSTORE_RATE_LIMIT. */
export const MAX_RATE_LIMIT = 10_000_000;

const RATE_LIMIT_RULE = `must be a whole number from 1 to ${MAX_RATE_LIMIT}, or null for the service's default`;

/** A key's own rate limit (operations per window), or null for the service's: one message for every way it can be wrong, naming the range. */
export const KeyRateLimit = z
  .int({ error: RATE_LIMIT_RULE })
  .min(1, { error: RATE_LIMIT_RULE })
  .max(MAX_RATE_LIMIT, { error: RATE_LIMIT_RULE })
  .nullable();

/** A roll's old key keeps working this long by default, so consumers can move to the new one without downtime. */
export const DEFAULT_ROLL_OVERLAP_SECONDS = 24 * 60 * 60;

/** The longest expiry asked for in one go: ten years. */
export const MAX_DURATION_SECONDS = 10 * 365 * 24 * 60 * 60;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The longest a rolled key keeps working beside its replacement: 30 days, time enough to redeploy
 * every consumer, short enough that a roll (often made because a key leaked) ends the old key.
 */
export const MAX_ROLL_OVERLAP_SECONDS = 30 * DAY_SECONDS;

const OVERLAP_RULE = `must be a whole number of seconds from 0 to ${MAX_ROLL_OVERLAP_SECONDS} (${MAX_ROLL_OVERLAP_SECONDS / DAY_SECONDS} days)`;

/** A roll's overlap in seconds (0 ends the old key now): the one rule of rollKey's body, the account service and the command line. */
export const OverlapSeconds = z.int({ error: OVERLAP_RULE }).min(0, { error: OVERLAP_RULE }).max(MAX_ROLL_OVERLAP_SECONDS, { error: OVERLAP_RULE });

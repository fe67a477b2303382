import { z } from 'zod';

/** A variable's text, trimmed; unset and blank both read as undefined, so the default applies. */
export const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** An instant as a person reads it, in their own time zone; `never` for none. */
export function when(instant: string | null | undefined, none = 'never'): string {
  if (!instant) return none;
  return new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

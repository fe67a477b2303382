export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that always reads the given instant: for tests and for previewing the sunset. */
export function fixedClock(instant: Date): Clock {
  return { now: () => new Date(instant) };
}

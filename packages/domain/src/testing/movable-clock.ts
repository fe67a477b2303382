import type { Clock } from '../clock/clock.js';

/** A clock that stands still until a test moves it on. */
export function movableClock(start: string): { clock: Clock; advance: (ms: number) => void } {
  let now = new Date(start).getTime();
  return { clock: { now: () => new Date(now) }, advance: (ms) => void (now += ms) };
}

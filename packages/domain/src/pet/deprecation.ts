/**
 * The contract deprecates "get one pet by id" and removes it on 5 December 2030; every door
 * signals this, and from the sunset instant the operation answers "gone".
 */
export const GET_PET_DEPRECATION = {
  /** When the deprecation was announced: the first release of /v1. */
  deprecatedSince: new Date('2026-11-22T00:00:00Z'),
  sunset: new Date('2030-12-05T00:00:00Z'),
  replacement: 'GET /v1/pets?status=…',
  reason: 'Removed on 2030-12-05. Use the list operation with its status filter.',
} as const;

export function isGetPetRemoved(now: Date): boolean {
  return now.getTime() >= GET_PET_DEPRECATION.sunset.getTime();
}

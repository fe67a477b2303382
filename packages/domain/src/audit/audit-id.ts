import { randomBytes } from 'node:crypto';

let sequence = 0;

/**
 * An audit record's id: its instant, then a counter of this process, then randomness, so that
 * ids sort in the order records were written here even when several share a millisecond (and
 * stay unique across processes).
 */
export function auditId(at: Date): string {
  sequence = (sequence + 1) % 36 ** 6;
  const time = at.getTime().toString(36).padStart(9, '0');
  return `aud_${time}${sequence.toString(36).padStart(6, '0')}${randomBytes(6).toString('base64url')}`;
}

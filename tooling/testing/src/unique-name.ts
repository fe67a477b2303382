import { randomBytes } from 'node:crypto';

/** A name no other test run uses, e.g. for a database each test file creates and drops. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

import { userInfo } from 'node:os';

/**
 * Who the audit trail names for this process's changes to accounts and keys: PETSTORE_ACTOR when
 * set (a CI job, an operator's name), otherwise the operating-system user running the process.
 */
export function resolveActor(configured: string | undefined): string {
  if (configured !== undefined) return configured;
  try {
    return userInfo().username;
  } catch {
    // A container user without a passwd entry has a uid but no name.
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

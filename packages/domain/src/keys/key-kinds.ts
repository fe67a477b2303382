import type { ApiKeyRecord, KeyChanges } from '../auth/ports.js';
import { DomainError } from '../errors/domain-error.js';

/**
 * Refuses a change the stored key's kind does not take: origins of a secret key, scopes of a browser
 * key other than pets:read. A rule of the key as stored, which no schema of the request can know,
 * so a conflict with it (409), as the document's updateKey lists (KEY_KIND_CONFLICT).
 */
export function checkKindChange(current: ApiKeyRecord, wanted: KeyChanges): void {
  if (current.kind === 'secret' && wanted.origins !== undefined) {
    throw conflict(`origins: only a browser key has origins; key ${current.id} is a secret key`);
  }
  if (current.kind === 'browser' && wanted.scopes?.some((scope) => scope !== 'pets:read')) {
    throw conflict(`scopes: key ${current.id} is a browser key, which may only have pets:read, since every visitor of its page can read it`);
  }
}

function conflict(message: string): DomainError {
  return new DomainError('conflict', message);
}

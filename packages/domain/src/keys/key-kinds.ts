import type { ApiKeyRecord, KeyChanges, KeyKind } from '../auth/ports.js';
import { PET_SCOPES } from '../auth/scopes.js';
import { DomainError } from '../errors/domain-error.js';
import { checkBrowserKeyScopes, checkKind, type KindSettings } from './key-kind-settings.js';
import { checkScopes } from './key-settings.js';

/**
 * What a new key of `kind` holds, from what its creator asked (see checkKind): a secret key both
 * pet scopes unless told otherwise, and no origins, not even an empty list of them.
 */
export function kindSettings(kind: KeyKind, scopes: readonly string[] | undefined, origins: readonly string[] | undefined): KindSettings {
  if (kind === 'secret' && origins !== undefined) throw invalid('origins: only a browser key has origins (give kind browser)');
  return checkKind(kind, scopes === undefined ? undefined : checkScopes(scopes), origins, checkScopes(PET_SCOPES));
}

/** Refuses a change a key's kind does not allow: origins of a secret key, scopes of a browser key other than pets:read. */
export function checkKindChange(current: ApiKeyRecord, wanted: KeyChanges): void {
  if (current.kind === 'secret' && wanted.origins !== undefined) {
    throw invalid(`origins: only a browser key has origins; key ${current.id} is a secret key`);
  }
  if (current.kind === 'browser' && wanted.scopes !== undefined) checkBrowserKeyScopes(wanted.scopes);
}

function invalid(message: string): DomainError {
  return new DomainError('invalid_request', message);
}

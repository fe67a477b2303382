import type { KeyStore } from '../auth/ports.js';
import { DomainError } from '../errors/domain-error.js';
import type { KeyClaim } from './key-claims.js';

/**
 * The answer to a createKey whose Idempotency-Key was claimed before: never the key's secret,
 * which is not kept anywhere and was shown once, to the request that created it. The same body
 * is told which key that request created; another body, as for a pet, that the key was used with
 * another request.
 */
export async function claimedAlready(earlier: KeyClaim, claim: KeyClaim, keys: KeyStore): Promise<DomainError> {
  if (earlier.fingerprint !== claim.fingerprint) {
    return new DomainError('conflict', 'Idempotency-Key: was already used with a different request; use a new key for a new API key');
  }
  const created = await keys.getKey(earlier.keyId);
  if (created === null || created.accountId !== claim.accountId) {
    return new DomainError(
      'conflict',
      `Idempotency-Key: a request with this key and body is creating key ${earlier.keyId}, or failed before it could; ` +
        `if ${earlier.keyId} does not appear among the account's keys shortly, send the request again with a new Idempotency-Key`,
    );
  }
  return new DomainError(
    'conflict',
    `Idempotency-Key: this request already created key ${earlier.keyId}; its secret was shown once, to the request that created it, ` +
      `and is kept nowhere, so it cannot be shown again: if it was lost, revoke ${earlier.keyId} and create another key`,
  );
}

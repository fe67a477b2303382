import { DomainError } from '../errors/domain-error.js';
import { hashApiKey } from './api-key.js';
import type { KeyStore } from './ports.js';

export interface Principal {
  accountId: string;
  keyId: string;
}

/**
 * Checks an `Authorization` header value. The request envelope (packages/http) is its one
 * caller, once per HTTP request whatever the door; the rate limit is charged there, per operation.
 */
export type Authenticate = (authorization: string | undefined) => Promise<Principal>;

// RFC 6750 §2.1: the scheme is case-insensitive and the credential is a token68.
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function createAuthenticator(keys: KeyStore): Authenticate {
  return async (authorization) => {
    if (authorization === undefined || authorization.trim() === '') {
      throw new DomainError('unauthorized', 'missing API key: send "Authorization: Bearer <API_KEY>"');
    }
    const match = BEARER.exec(authorization);
    if (!match?.[1]) {
      throw new DomainError('unauthorized', 'malformed Authorization header: expected "Bearer <API_KEY>"');
    }
    const record = await keys.findKeyByHash(hashApiKey(match[1]));
    if (!record || record.revokedAt !== null) {
      throw new DomainError('unauthorized', 'invalid or revoked API key');
    }
    return { accountId: record.accountId, keyId: record.id };
  };
}

import type { ApiKeyRecord } from '../auth/ports.js';

/**
 * The keys whose secrets a person was shown: those they created or rolled (`createdBy` names
 * them), and, following `createdBy` from key to key, every key those keys created or rolled, as
 * whoever held a key saw the secrets it was answered. Within one account's keys, in any state.
 */
export function keysIssuedThrough(personActor: string, keys: readonly ApiKeyRecord[]): ApiKeyRecord[] {
  const byIssuer = new Map<string, ApiKeyRecord[]>();
  for (const key of keys) {
    if (key.createdBy !== null) byIssuer.set(key.createdBy, [...(byIssuer.get(key.createdBy) ?? []), key]);
  }
  // Each key has one issuer, made before it: every key is reached at most once, and the walk ends.
  const issuers = [personActor];
  const issued: ApiKeyRecord[] = [];
  for (const issuer of issuers) {
    for (const key of byIssuer.get(issuer) ?? []) {
      issued.push(key);
      issuers.push(`key:${key.id}`);
    }
  }
  return issued;
}

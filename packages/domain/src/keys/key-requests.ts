import type { KeyChanges } from '../auth/ports.js';
import { PET_SCOPES, withImpliedScopes, type Scope } from '../auth/scopes.js';
import { DomainError } from '../errors/domain-error.js';
import { CreateKeyInput, UpdateKeyInput } from '../management/ports.js';
import { parseOrThrow } from '../validation/parse.js';
import type { CreateKeyRequest } from './key-claims.js';
import type { IssuedKey, KeySummary } from './key-views.js';

/**
 * What the key service is asked, whoever asks (the management API's bodies, the command line's
 * flags, the embedded store's dev key): parsed with the one schema of each operation (CreateKeyInput,
 * UpdateKeyInput), which the management document publishes. Nothing is checked again here; what
 * is left is what no schema of a request can know (the clock, the caller, the stored key).
 */

/** A new key, as the operator asks for it: createKey's body, and a text of its own to register. */
export type KeyOptions = CreateKeyInput & {
  /**
   * Registers this key instead of making one up (the embedded store's dev key): any text but one of
   * the tagged shape with a tag the service would refuse.
   */
  presetKey?: string;
};

/** A change to a key, as the operator asks for it: updateKey's body. */
export type KeyUpdate = UpdateKeyInput;

export interface RolledKey {
  key: IssuedKey;
  /** The key rolled, with the end of its overlap. */
  replaced: KeySummary;
}

/** What a browser key holds when no scopes are given (the schema allows it no other). */
const BROWSER_KEY_SCOPES: readonly Scope[] = ['pets:read'];

/** The new key as it will hold it: the body parsed (400 naming the field), its defaults filled in, its expiry judged by the clock. */
export function requestOf(input: CreateKeyInput, now: Date): CreateKeyRequest {
  const body = parseOrThrow(CreateKeyInput, input, 'body');
  const defaultScopes = body.kind === 'browser' ? BROWSER_KEY_SCOPES : PET_SCOPES;
  return {
    name: body.name ?? null,
    kind: body.kind,
    scopes: withImpliedScopes(body.scopes ?? defaultScopes),
    origins: body.kind === 'browser' ? [...new Set(body.origins)] : [],
    expiresAt: futureExpiry(body.expiresAt ?? null, now),
    rateLimit: body.rateLimit ?? null,
  };
}

/** The changes asked for, parsed (400 naming the field; at least one) and normalised as a new key's. */
export function changesOf(input: UpdateKeyInput): KeyChanges {
  const body = parseOrThrow(UpdateKeyInput, input, 'body');
  return {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.scopes !== undefined && { scopes: withImpliedScopes(body.scopes) }),
    ...(body.rateLimit !== undefined && { rateLimit: body.rateLimit }),
    ...(body.origins !== undefined && { origins: [...new Set(body.origins)] }),
  };
}

/**
 * An expiry the clock has not passed. The schema says it is an instant; whether it is still to come
 * is the service's clock's to say, so a past one conflicts with the clock (409), as the document lists.
 */
function futureExpiry(expiresAt: string | null, now: Date): Date | null {
  if (expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) {
    throw new DomainError(
      'conflict',
      `expiresAt: ${expiresAt} has passed (it is ${now.toISOString()} by the service's clock); give an instant in the future`,
    );
  }
  return at;
}

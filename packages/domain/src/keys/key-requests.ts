import type { KeyChanges, KeyKind } from '../auth/ports.js';
import { KeyName } from '../accounts/display-name.js';
import { DomainError } from '../errors/domain-error.js';
import { CreateKeyInput, UpdateKeyInput } from '../management/ports.js';
import { parseOrThrow } from '../validation/parse.js';
import type { CreateKeyRequest } from './key-claims.js';
import { checkOrigins } from './key-kind-settings.js';
import { kindSettings } from './key-kinds.js';
import { checkExpiry, checkRateLimit, checkScopes } from './key-settings.js';
import type { IssuedKey, KeySummary } from './key-views.js';

/**
 * What the key service is asked, checked once here whoever asks: the operator's requests as the
 * command line (or the embedded store's dev key) makes them, and the management API's bodies once
 * parsed with their schemas (CreateKeyInput, UpdateKeyInput), which say the shape the API accepts.
 */

/** A new key, as the operator asks for it. */
export interface KeyOptions {
  /** What its owner calls the key; none (null) when absent. */
  name?: string | null;
  /** Both pet scopes when absent (pets:read for a browser key). */
  scopes?: readonly string[];
  /** Never when absent or null. */
  expiresAt?: Date | null;
  /** The service's PETSTORE_RATE_LIMIT when absent or null. */
  rateLimit?: number | null;
  /**
   * Registers this key instead of making one up (the embedded store's dev key): any text but one of
   * the tagged shape with a tag the service would refuse.
   */
  presetKey?: string;
  /** `secret` when absent; a `browser` key holds only pets:read and needs its origins (see checkKind). */
  kind?: KeyKind;
  /** A browser key's allowed origins; none for a secret key. */
  origins?: readonly string[];
}

/** A change to a key, as the operator asks for it. */
export interface KeyUpdate {
  /** null takes the name away. */
  name?: string | null;
  scopes?: readonly string[];
  /** null goes back to the service's default. */
  rateLimit?: number | null;
  /** A browser key's allowed origins (only a browser key has them). */
  origins?: readonly string[];
}

export interface RolledKey {
  key: IssuedKey;
  /** The key rolled, with the end of its overlap. */
  replaced: KeySummary;
}

/** createKey's body as the operator's options. */
export function optionsOfBody(input: CreateKeyInput): KeyOptions {
  const body = parseOrThrow(CreateKeyInput, input, 'body');
  return {
    name: body.name,
    kind: body.kind,
    ...(body.scopes !== undefined && { scopes: body.scopes }),
    ...(body.origins !== undefined && { origins: body.origins }),
    expiresAt: body.expiresAt === undefined || body.expiresAt === null ? null : new Date(body.expiresAt),
    rateLimit: body.rateLimit ?? null,
  };
}

/** updateKey's body as the operator's update. */
export function updateOfBody(input: UpdateKeyInput): KeyUpdate {
  return parseOrThrow(UpdateKeyInput, input, 'body');
}

/** The new key as it will hold it: every field checked (400 naming it) and normalised. */
export function checkedRequest(options: KeyOptions, now: Date): CreateKeyRequest {
  return {
    name: checkName(options.name ?? null),
    ...kindSettings(options.kind ?? 'secret', options.scopes, options.origins),
    expiresAt: checkExpiry(options.expiresAt ?? null, now),
    rateLimit: checkRateLimit(options.rateLimit ?? null),
  };
}

/** The changes asked for, each checked; at least one. */
export function checkedChanges(update: KeyUpdate): KeyChanges {
  const wanted: KeyChanges = {};
  if (update.name !== undefined) wanted.name = checkName(update.name);
  if (update.scopes !== undefined) wanted.scopes = checkScopes(update.scopes);
  if (update.rateLimit !== undefined) wanted.rateLimit = checkRateLimit(update.rateLimit);
  if (update.origins !== undefined) wanted.origins = checkOrigins(update.origins);
  if (Object.keys(wanted).length === 0)
    throw new DomainError('invalid_request', 'give the name, the scopes, the rate limit or (of a browser key) the origins to change');
  return wanted;
}

/** A key's name as KeyName allows it, or null for none. */
function checkName(name: string | null): string | null {
  return name === null ? null : parseOrThrow(KeyName, name, 'name');
}

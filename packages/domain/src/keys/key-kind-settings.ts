import { MAX_KEY_ORIGINS, ORIGIN_PATTERN } from '../auth/browser-key.js';
import type { KeyKind } from '../auth/ports.js';
import type { Scope } from '../auth/scopes.js';
import { DomainError } from '../errors/domain-error.js';

/** What a browser key may do: read pets, nothing else, since every visitor of its page holds it. */
const BROWSER_KEY_SCOPES: readonly Scope[] = ['pets:read'];

export interface KindSettings {
  kind: KeyKind;
  scopes: Scope[];
  origins: string[];
}

/**
 * A secret key has no origins; a browser key only `pets:read` (its scopes by default) and one
 * origin at least, each exactly as browsers send it, once each.
 */
export function checkKind(kind: KeyKind, scopes: Scope[] | undefined, origins: readonly string[] | undefined, defaultScopes: Scope[]): KindSettings {
  if (kind === 'secret') {
    if (origins !== undefined && origins.length > 0) throw invalid('origins: only a browser key has origins (give kind browser)');
    return { kind, scopes: scopes ?? defaultScopes, origins: [] };
  }
  const wanted = checkBrowserKeyScopes(scopes ?? [...BROWSER_KEY_SCOPES]);
  return { kind, scopes: wanted, origins: checkOrigins(origins ?? []) };
}

/** A browser key's origins, when it is made or changed: 1 to 20, each exactly as browsers send it, each once, in the order given. */
export function checkOrigins(origins: readonly string[]): string[] {
  if (origins.length === 0) throw invalid('origins: a browser key needs at least one origin, as https://shop.example');
  if (origins.length > MAX_KEY_ORIGINS) throw invalid(`origins: at most ${MAX_KEY_ORIGINS}`);
  const bad = origins.find((origin) => origin.length > 300 || !ORIGIN_PATTERN.test(origin));
  if (bad !== undefined)
    throw invalid(`origins: "${bad.slice(0, 300)}" is not an origin as https://host[:port] (or http://localhost[:port]), lower-case, no path`);
  return [...new Set(origins)];
}

/** What a browser key may be given, when it is made or changed: pets:read alone. */
export function checkBrowserKeyScopes(scopes: Scope[]): Scope[] {
  if (scopes.some((scope) => !BROWSER_KEY_SCOPES.includes(scope))) {
    throw new DomainError('forbidden', 'scopes: a browser key may only have pets:read, since every visitor of its page can read it');
  }
  return scopes;
}

function invalid(message: string): DomainError {
  return new DomainError('invalid_request', message);
}

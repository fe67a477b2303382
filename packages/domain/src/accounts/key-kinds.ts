import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import type { ApiKeyRecord, KeyChanges, KeyKind } from '../auth/ports.js';
import { MANAGEMENT_SCOPES, PET_SCOPES, type Scope } from '../auth/scopes.js';
import { OriginSchema } from '../management/ports.js';
import { parseOrThrow } from '../validation/parse.js';
import { checkScopes } from './key-settings.js';

/** Most origins one browser key lists: a site and its few variants, not a directory of sites. */
export const MAX_ORIGINS = 20;

const Origins = z
  .array(OriginSchema, { error: 'must be a list of origins' })
  .min(1, { error: 'a browser key needs at least one origin' })
  .max(MAX_ORIGINS, { error: `must be at most ${MAX_ORIGINS} origins` });

/** The one scope a browser key holds: a page's visitors all see its key, so it may only read the catalogue. */
const BROWSER_SCOPES: readonly Scope[] = ['pets:read'];

/** A browser key's allowed origins: 1 to 20 exact `https://host[:port]`, each once, in the order given. */
export function checkOrigins(origins: readonly string[]): string[] {
  return [...new Set(parseOrThrow(Origins, origins, 'origins'))];
}

/**
 * What a key of `kind` holds, given what was asked: a secret key any known scopes (both pet scopes
 * when none are given) and no origins; a browser key exactly pets:read and its origins.
 */
export function checkKind(
  kind: KeyKind,
  scopes: readonly string[] | undefined,
  origins: readonly string[] | undefined,
): { kind: KeyKind; scopes: Scope[]; origins: string[] } {
  if (kind === 'secret') {
    if (origins !== undefined) throw invalid('origins: only a browser key has origins; give kind "browser" for a key a web page holds');
    return { kind, scopes: checkScopes(scopes ?? PET_SCOPES), origins: [] };
  }
  if (origins === undefined) throw invalid('origins: a browser key needs the origins (https://host[:port]) it is accepted from');
  return { kind, scopes: checkBrowserScopes(scopes ?? BROWSER_SCOPES), origins: checkOrigins(origins) };
}

/** Refuses a change a key's kind does not allow: origins of a secret key, scopes of a browser key other than pets:read. */
export function checkKindChange(current: ApiKeyRecord, wanted: KeyChanges): void {
  if (current.kind === 'secret' && wanted.origins !== undefined) {
    throw invalid(`origins: only a browser key has origins; key ${current.id} is a secret key`);
  }
  if (current.kind === 'browser' && wanted.scopes !== undefined) checkBrowserScopes(wanted.scopes);
}

function checkBrowserScopes(scopes: readonly string[]): Scope[] {
  const checked = checkScopes(scopes);
  const management = checked.filter((scope) => (MANAGEMENT_SCOPES as readonly string[]).includes(scope));
  if (management.length > 0) {
    throw new DomainError('forbidden', `a browser key cannot hold ${management.join(' or ')}: every visitor of its page can read it`);
  }
  if (checked.length !== 1 || checked[0] !== 'pets:read') throw invalid('scopes: a browser key holds exactly pets:read');
  return checked;
}

function invalid(message: string): DomainError {
  return new DomainError('invalid_request', message);
}

import { DomainError } from '../errors/domain-error.js';
import { systemClock, type Clock } from '../clock/clock.js';
import { hashApiKey } from './api-key.js';
import { BrowserKeyRefusal, requireAllowedOrigin } from './browser-key.js';
import { foreignKeyRefusal, type KeyEnvironment } from './key-environment.js';
import { RecentHashes } from './recent-hashes.js';
import type { KeyTags } from './key-tag.js';
import type { FailedKeyThrottle, PendingKeyCheck } from './failed-key-throttle.js';
import { SUSPENDED_ACCOUNT, UNKNOWN_KEY, whyKeyRefused } from './key-validity.js';
import type { LastUseRecorder } from './last-use-recorder.js';
import type { ApiKeyRecord, KeyKind, KeyStore } from './ports.js';
import type { Scope } from './scopes.js';

export interface Principal {
  accountId: string;
  keyId: string;
  /** What the key may do (see requireScopes). */
  scopes: readonly Scope[];
  /** The key's own operations per rate-limit window; null for the service's default. */
  rateLimit: number | null;
  /** The first key of its roll lineage: the rate-limit budget charged, shared by a key and its replacements. */
  lineageId: string;
  /**
   * The key's kind: `browser` when a browser key was accepted for the request's Origin (it is then
   * charged per client address too, and its page may read the answer). Absent means secret, for a
   * principal made elsewhere than the key check (a test's, a session's).
   */
  kind?: KeyKind;
}

export interface AuthenticateContext {
  /** The caller's address as the service believes it (see PETSTORE_TRUST_PROXY), for the failed-key throttle. */
  clientAddress?: string | undefined;
  /** The request's `Origin` header, which a browser key must be accepted from. */
  origin?: string | undefined;
}

/**
 * Checks an `Authorization` header value. The request envelope (packages/http) is its one
 * caller, once per HTTP request whatever the door; the rate limit is charged there, per operation.
 */
export type Authenticate = (authorization: string | undefined, context?: AuthenticateContext) => Promise<Principal>;

// RFC 6750 §2.1: the scheme is case-insensitive and the credential is a token68.
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
/** Keys in use whose tag was found right, so that each is checked once rather than per request (an HMAC costs several hashes). */
const TAGGED_KEYS_REMEMBERED = 10_000;

export interface AuthenticatorOptions {
  /** The secrets keys are tagged under: a key of the tagged shape whose tag none of them made is refused unlooked-up. */
  keyTags: KeyTags;
  /** Refuses lookups of untagged made-up keys from a client that sent too many, before the store is asked; never a real key. */
  failedKeyThrottle?: FailedKeyThrottle;
  /** Told of every accepted key, to keep its last use without a write per request. */
  lastUse?: LastUseRecorder;
  /** What expiry is judged against; the system clock by default. */
  clock?: Clock;
  /** The keys this service accepts (see keyEnvironmentOf); a key of the other environment is refused unlooked-up. Test by default. */
  environment?: KeyEnvironment;
}

export function createAuthenticator(keys: KeyStore, options: AuthenticatorOptions): Authenticate {
  const { keyTags, failedKeyThrottle: throttle, lastUse, clock = systemClock, environment = 'test' } = options;
  const foreign = foreignKeyRefusal(environment);
  const tagged = new RecentHashes(TAGGED_KEYS_REMEMBERED);
  return async (authorization, context = {}) => {
    if (authorization === undefined || authorization.trim() === '') {
      throw new DomainError('unauthorized', 'missing API key: send "Authorization: Bearer <API_KEY>"');
    }
    const match = BEARER.exec(authorization);
    if (!match?.[1]) {
      throw new DomainError('unauthorized', 'malformed Authorization header: expected "Bearer <API_KEY>"');
    }
    // From its text alone, before hashing or any lookup: such a key cannot be one of this service's.
    const foreignRefusal = foreign(match[1]);
    if (foreignRefusal !== undefined) throw new DomainError('unauthorized', foreignRefusal);
    // A made-up tag costs nothing and counts for nothing: answered as any unknown key, so the text
    // tells a guesser no more than a lookup would. A right tag cannot be made up: it is looked up
    // whatever its client sent before, so no guesser on its address can hold it back.
    const hash = hashApiKey(match[1]);
    const tag = tagged.has(hash) ? 'tagged' : keyTags.verdict(match[1]);
    if (tag === 'forged') throw new DomainError('unauthorized', UNKNOWN_KEY);
    if (tag === 'tagged') tagged.saw(hash);
    const pending = tag === 'untagged' && throttle && context.clientAddress !== undefined ? admit(throttle, context.clientAddress, hash) : undefined;
    let record: ApiKeyRecord | null;
    try {
      record = await keys.findKeyByHash(hash);
    } catch (error) {
      pending?.release();
      throw error;
    }
    if (!record) {
      pending?.failed();
      throw new DomainError('unauthorized', UNKNOWN_KEY);
    }
    // Expired, rolled and revoked keys are real keys, not guesses: refused, saying why, but not counted.
    pending?.found();
    const now = clock.now();
    const browser = record.kind === 'browser';
    const refusal = whyKeyRefused(record, now);
    if (refusal !== undefined) throw browser ? new BrowserKeyRefusal('unauthorized', refusal) : new DomainError('unauthorized', refusal);
    if (browser) requireAllowedOrigin(record, context.origin);
    // Read beside the key (and remembered as long as it, by CachedKeyStore), so a suspension
    // reaches every instance within the key cache's lifetime.
    const account = await keys.getAccount(record.accountId);
    if (account && account.suspendedAt !== null) {
      throw browser ? new BrowserKeyRefusal('unauthorized', SUSPENDED_ACCOUNT) : new DomainError('unauthorized', SUSPENDED_ACCOUNT);
    }
    lastUse?.used(record.id, now);
    return {
      accountId: record.accountId,
      keyId: record.id,
      scopes: record.scopes,
      rateLimit: record.rateLimit,
      lineageId: record.lineageId,
      kind: record.kind,
    };
  };
}

/** Takes the check's place in its client's allowance before the lookup is awaited, or refuses it. */
function admit(throttle: FailedKeyThrottle, address: string, keyHash: string): PendingKeyCheck {
  const admission = throttle.admit(address, keyHash);
  if (admission.admitted) return admission.check;
  const wait = admission.retryAfterSeconds;
  throw new DomainError('rate_limited', `too many unknown API keys from this address; retry in ${wait} s`, { retryAfterSeconds: wait });
}

import type { AccountService } from '../accounts/account-service.js';
import { KeyName } from '../accounts/display-name.js';
import { kindSettings } from '../keys/key-kinds.js';
import { checkExpiry, checkRateLimit } from '../keys/key-settings.js';
import { randomId } from '../auth/api-key.js';
import type { KeyStore } from '../auth/ports.js';
import type { Clock } from '../clock/clock.js';
import { checkIdempotencyKey } from '../idempotency/idempotency-key.js';
import { parseOrThrow } from '../validation/parse.js';
import { requireRoomForKey } from '../keys/account-limits.js';
import { actorOf, callerBounds, requireHeld, requireManage, requireWithinCaller, requireWithinLimit } from '../keys/containment.js';
import { fingerprintCreateKey, type CreateKeyRequest, type KeyClaims } from '../keys/key-claims.js';
import { claimedAlready } from '../keys/key-claim-answers.js';
import { keyView } from '../keys/key-state.js';
import { CreateKeyInput, type AccountLimits, type IssuedKeyView, type ManagementCaller, type ManagementContext } from './ports.js';

export interface KeyCreationDeps {
  accounts: AccountService;
  keys: KeyStore;
  claims: KeyClaims;
  clock: Clock;
  limits: AccountLimits;
}

/**
 * createKey: everything that can refuse the request is judged before its Idempotency-Key is
 * claimed, so a refused request leaves the key free for the corrected one; once claimed, the key
 * is created under the id the claim names, and every other request with that Idempotency-Key is
 * answered with the claim (a conflict: the secret was shown once, to the request that created it).
 */
export class KeyCreation {
  constructor(private readonly deps: KeyCreationDeps) {}

  async create(
    caller: ManagementCaller,
    input: CreateKeyInput,
    context: ManagementContext & { idempotencyKey?: string | undefined },
  ): Promise<IssuedKeyView> {
    requireManage(caller, 'grant');
    const idempotencyKey = context.idempotencyKey === undefined ? undefined : checkIdempotencyKey(context.idempotencyKey);
    const now = this.deps.clock.now();
    const request = this.checked(input, now);
    requireHeld(caller, request.scopes);
    requireWithinLimit(request.rateLimit, this.deps.limits);
    const bounds = await callerBounds(caller, this.deps.keys, this.deps.limits, now);
    requireWithinCaller(bounds, { endsAt: request.expiresAt, rateLimit: request.rateLimit }, this.deps.limits);
    requireRoomForKey(await this.deps.keys.listKeys(caller.accountId), this.deps.limits, now);
    const keyId = randomId('key');
    if (idempotencyKey !== undefined) {
      const claim = { accountId: caller.accountId, idempotencyKey, fingerprint: fingerprintCreateKey(request), keyId, createdAt: now };
      const earlier = await this.deps.claims.claim(claim);
      if (earlier) throw await claimedAlready(earlier, claim, this.deps.keys);
    }
    // A secret key is given no origins at all (the account service refuses any, even none).
    const { origins, ...settings } = request;
    const options = { ...settings, ...(request.kind === 'browser' ? { origins } : {}), keyId, by: actorOf(caller, context) };
    const issued = await this.deps.accounts.createKey(caller.accountId, options);
    const { key, ...summary } = issued;
    return { ...keyView(summary, this.deps.clock.now()), key };
  }

  /** The request as the key will hold it: every field checked (400 naming it) and normalised. */
  private checked(input: CreateKeyInput, now: Date): CreateKeyRequest {
    const body = parseOrThrow(CreateKeyInput, input, 'body');
    const kind = kindSettings(body.kind, body.scopes, body.origins);
    return {
      name: parseOrThrow(KeyName, body.name, 'name'),
      ...kind,
      expiresAt: checkExpiry(body.expiresAt === undefined || body.expiresAt === null ? null : new Date(body.expiresAt), now),
      rateLimit: checkRateLimit(body.rateLimit ?? null),
    };
  }
}

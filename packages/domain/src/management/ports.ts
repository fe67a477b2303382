import { z } from 'zod';
import type { AuditAction, AuditRecord } from '../audit/ports.js';
import { MAX_KEY_ORIGINS, ORIGIN_PATTERN } from '../auth/browser-key.js';
import type { KeyKind } from '../auth/ports.js';
import { SCOPES, type Scope } from '../auth/scopes.js';
import { KeyName } from '../accounts/display-name.js';
import { KeyRateLimit, OverlapSeconds } from '../keys/key-settings.js';
import type { IssuedKey, KeySummary } from '../keys/key-views.js';
import type { Role } from '../people/ports.js';
import type { MemberView } from '../people/views.js';

/**
 * The management API's key operations (issue 28), as the domain offers them to the management door:
 * the vocabulary shared by the service that implements them (containment, idempotency, audit) and
 * the door that routes them. Every method judges its caller itself; nothing crosses accounts (a
 * key, member or record of another account is `not_found`, never `forbidden`).
 */

/** Who calls: a signed-in person (who holds every scope), or a management key of an account. */
export type ManagementCaller =
  | { readonly kind: 'person'; readonly personId: string; readonly accountId: string; readonly role: Role; readonly emailVerified: boolean }
  | { readonly kind: 'key'; readonly keyId: string; readonly accountId: string; readonly scopes: readonly Scope[] };

/** Where a change over HTTP comes from, for the audit trail. */
export interface ManagementContext {
  clientAddress: string;
}

/** What an account's keys may be given: no key above them, whoever creates or changes it. */
export interface AccountLimits {
  /** Keys not revoked nor expired, at most. */
  maxKeys: number;
  /** The highest per-key rate limit (operations per window); null when the service sets none. */
  maxRateLimit: number | null;
}

export interface AccountView {
  id: string;
  name: string;
  createdAt: Date;
  suspendedAt: Date | null;
  limits: AccountLimits;
  people: MemberView[];
}

/** Where a key stands now: `expiring` within 7 days; `rolled` until its overlap ends (`until`). */
export type KeyState = 'active' | 'expiring' | 'rolled' | 'revoked' | 'expired';

/** A key as the management API lists it: never its secret nor its hash. */
export type KeyView = Omit<KeySummary, 'rollPending'> & {
  state: KeyState;
  /** When the state ends: an expiring key's expiry, a rolled key's overlap end; null otherwise. */
  until: Date | null;
};

/** The answer that issues a key: its secret, this once. */
export type IssuedKeyView = KeyView & { key: IssuedKey['key'] };

export interface RolledKeyView {
  key: IssuedKeyView;
  replaced: KeyView;
}

/**
 * The input schemas: the door parses bodies with them (400 naming the field) and publishes them in
 * its OpenAPI document; the service checks what they cannot (known scopes, containment, limits).
 */
export const KeyKindSchema = z.enum(['secret', 'browser'] satisfies KeyKind[], { error: 'must be secret or browser' });

/** An origin a browser key is accepted from, exactly as browsers send it (see ORIGIN_PATTERN). */
export const OriginSchema = z
  .string({ error: 'must be text' })
  .max(300, { error: 'must be at most 300 characters' })
  .regex(ORIGIN_PATTERN, { error: 'must be an origin as https://host[:port] (or http://localhost[:port]), lower-case, no path' });

const SCOPES_RULE = `must be one of ${SCOPES.join(', ')}`;
const ScopeList = z
  .array(z.enum(SCOPES, { error: SCOPES_RULE }), { error: 'must be a list of scopes' })
  .min(1, { error: `give at least one of ${SCOPES.join(', ')}` })
  .max(10);
/** What a browser key may hold: pets:read alone, since every visitor of its page can read the key. */
const BrowserScopeList = z
  .array(z.literal('pets:read', { error: 'a browser key may only have pets:read, since every visitor of its page can read it' }), {
    error: 'must be a list of scopes',
  })
  .min(1, { error: 'give pets:read' })
  .max(10);
const NEEDS_ORIGIN = 'a browser key needs at least one origin, as https://shop.example';
const OriginList = z
  .array(OriginSchema, { error: (issue) => (issue.input === undefined ? NEEDS_ORIGIN : 'must be a list of origins') })
  .min(1, { error: NEEDS_ORIGIN })
  .max(MAX_KEY_ORIGINS, { error: `at most ${MAX_KEY_ORIGINS}` });
/** No name (null) when absent, as a key's answer has none: what is read can be sent back. */
const KeyNameField = KeyName.nullable().optional();

/** What every kind of key is given: its name, expiry (never when absent or null) and rate limit (the service's when absent or null). */
const keyFields = {
  name: KeyNameField,
  expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant' }).nullable().optional(),
  rateLimit: KeyRateLimit.optional(),
};

/**
 * A new key, by its kind (`secret` when absent): a secret key has both pet scopes unless told and
 * no origins; a browser key only `pets:read` (its scopes by default) and its origins, one at least.
 * Whoever asks, the management API or the operator at the command line, is parsed with this.
 */
export const CreateKeyInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ ...keyFields, kind: z.literal('secret').default('secret'), scopes: ScopeList.optional() }),
    z.strictObject({ ...keyFields, kind: z.literal('browser'), scopes: BrowserScopeList.optional(), origins: OriginList }),
  ],
  { error: 'must be secret or browser' },
);
export type CreateKeyInput = z.input<typeof CreateKeyInput>;

const CHANGE_RULE = 'give the name, the scopes, the rate limit or (of a browser key) the origins to change';

/**
 * At least one field: a change of nothing is refused, and the document says so (`minProperties`).
 * Which fields the key's kind allows is the stored key's (409, see checkKindChange).
 */
export const UpdateKeyInput = z
  .strictObject({
    name: KeyNameField,
    scopes: ScopeList.optional(),
    rateLimit: KeyRateLimit.optional(),
    origins: OriginList.optional(),
  })
  .refine((update) => Object.keys(update).length > 0, { error: CHANGE_RULE })
  .meta({ minProperties: 1 });
export type UpdateKeyInput = z.input<typeof UpdateKeyInput>;

/** Seconds the old key keeps working; 0 ends it now; 24 h when absent; at most 30 days (OverlapSeconds). */
export const RollKeyInput = z.strictObject({ overlapSeconds: OverlapSeconds.optional() });
export type RollKeyInput = z.input<typeof RollKeyInput>;

export interface AuditRecordsQuery {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  keyId?: string | undefined;
  since?: Date | undefined;
  /** 1..100, 50 by default. */
  limit?: number | undefined;
  /** The `next` of the page before; absent for the newest page. */
  cursor?: string | undefined;
}

export interface AuditRecordsPage {
  records: AuditRecord[];
  /** The cursor of the next (older) page; null on the last page. */
  next: string | null;
}

export interface KeyManagement {
  getAccount(caller: ManagementCaller): Promise<AccountView>;
  listKeys(caller: ManagementCaller): Promise<KeyView[]>;
  getKey(caller: ManagementCaller, keyId: string): Promise<KeyView>;
  /** `idempotencyKey`: a retry with the same key and body creates nothing new (see the implementation for its answer). */
  createKey(
    caller: ManagementCaller,
    input: CreateKeyInput,
    context: ManagementContext & { idempotencyKey?: string | undefined },
  ): Promise<IssuedKeyView>;
  updateKey(caller: ManagementCaller, keyId: string, input: UpdateKeyInput, context: ManagementContext): Promise<KeyView>;
  rollKey(caller: ManagementCaller, keyId: string, input: RollKeyInput, context: ManagementContext): Promise<RolledKeyView>;
  revokeKey(caller: ManagementCaller, keyId: string, context: ManagementContext): Promise<KeyView>;
  listAuditRecords(caller: ManagementCaller, query: AuditRecordsQuery): Promise<AuditRecordsPage>;
}

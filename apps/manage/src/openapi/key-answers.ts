import { AUDIT_ACTIONS, KeyKindSchema, SCOPES } from '@petstore/domain';
import { z } from 'zod';

/** What the key operations answer, as zod schemas: the handlers' answers are typed by them and the document generated from them. */
const Instant = z.iso.datetime().meta({ description: 'An instant, in UTC (RFC 3339).' });

export const KeyAnswer = z
  .strictObject({
    id: z.string().meta({ description: 'The key, `key_…`: what getKey, updateKey, rollKey and revokeKey take.' }),
    accountId: z.string(),
    name: z.string().nullable().meta({ description: 'What its owner calls it; null for a key made before keys had names.' }),
    prefix: z.string().meta({ description: 'The first characters of the key, to recognise it: never the key.' }),
    kind: KeyKindSchema,
    scopes: z.array(z.enum(SCOPES)),
    origins: z
      .array(z.string())
      .optional()
      .meta({ description: "A browser key's allowed origins; a secret key has none, and its answer no `origins`." }),
    createdBy: z.string().nullable().meta({ description: 'Who issued it: `person:<id>`, `key:<id>`, or the operator; null for older keys.' }),
    expiresAt: Instant.nullable(),
    rateLimit: z.int().nullable().meta({ description: "Operations per window; null for the service's default." }),
    lastUsedAt: Instant.nullable().meta({ description: 'About when it was last used, to the minute; null for never.' }),
    replacedBy: z.string().nullable().meta({ description: 'The key that replaced it by a roll; null while it has not been rolled.' }),
    overlapEndsAt: Instant.nullable().meta({ description: 'For a rolled key, when it stops working.' }),
    createdAt: Instant,
    revokedAt: Instant.nullable(),
    lineageId: z.string().meta({ description: 'The first key of its roll lineage, whose one rate-limit budget the lineage shares.' }),
    state: z.enum(['active', 'expiring', 'rolled', 'revoked', 'expired']).meta({
      description: '`expiring` within 7 days of its expiry; `rolled` until its overlap ends.',
    }),
    until: Instant.nullable().meta({ description: "When the state ends: an expiring key's expiry, a rolled key's overlap end; null otherwise." }),
  })
  .meta({ description: 'A key of the account: never its secret.' });
export type KeyAnswer = z.infer<typeof KeyAnswer>;

export const KeyList = z.strictObject({ keys: z.array(KeyAnswer) }).meta({ description: "The account's keys, revoked and expired ones included." });

export const IssuedKeyAnswer = KeyAnswer.extend({
  key: z.string().meta({ description: 'The key itself, `psk_…`: shown in this answer only, never again. Keep it secret.' }),
}).meta({ description: 'A key just issued, with its secret, this once.' });
export type IssuedKeyAnswer = z.infer<typeof IssuedKeyAnswer>;

export const RolledKeyAnswer = z
  .strictObject({
    key: IssuedKeyAnswer,
    replaced: KeyAnswer.meta({ description: 'The key rolled: it works until its `overlapEndsAt`.' }),
  })
  .meta({ description: 'The replacement, with its secret this once, and the key it replaces.' });
export type RolledKeyAnswer = z.infer<typeof RolledKeyAnswer>;

export const AccountAnswer = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    createdAt: Instant,
    suspendedAt: Instant.nullable(),
    limits: z.strictObject({
      maxKeys: z.int().meta({ description: 'Keys neither revoked nor expired, at most.' }),
      maxRateLimit: z.int().nullable().meta({ description: 'The highest rate limit a key may be given; null for none.' }),
    }),
    people: z.array(
      z.strictObject({
        person: z.strictObject({ id: z.string(), email: z.string(), emailVerifiedAt: Instant.nullable(), createdAt: Instant }),
        role: z.enum(['owner', 'member']),
        joinedAt: Instant,
      }),
    ),
  })
  .meta({ description: 'The account, its limits and its people.' });
export type AccountAnswer = z.infer<typeof AccountAnswer>;

const AuditValue = z.union([z.string(), z.number(), z.null(), z.array(z.string()).readonly()]);

export const AuditRecordAnswer = z.strictObject({
  id: z.string(),
  at: Instant,
  actor: z.string().meta({ description: 'Who made the change: `person:<id>`, `key:<id>`, or the operator.' }),
  clientAddress: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  accountId: z.string(),
  keyId: z.string().nullable(),
  personId: z.string().nullable(),
  changes: z.record(z.string(), z.strictObject({ from: AuditValue, to: AuditValue })),
});
export type AuditRecordAnswer = z.infer<typeof AuditRecordAnswer>;

export const AuditPage = z
  .strictObject({
    records: z.array(AuditRecordAnswer),
    next: z.string().nullable().meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page.' }),
  })
  .meta({ description: "A page of the account's audit trail, newest first." });
export type AuditPage = z.infer<typeof AuditPage>;

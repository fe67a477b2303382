import { CreateKeyInput, IdempotencyKey, RollKeyInput, UpdateKeyInput } from '@petstore/domain';
import { AuditRecordsParameters } from '../audit-query.js';
import { AccountAnswer, AuditPage, IssuedKeyAnswer, KeyAnswer, KeyList, RolledKeyAnswer } from './key-answers.js';
import type { OperationText } from './operation-text.js';

const key = { name: 'Key', schema: KeyAnswer };
const OURS = 'A key of another account is 404, as one that does not exist.';

/** What the document says of the key operations (docs/manage-api.md says more). */
export const KEY_OPERATION_TEXT = {
  getAccount: {
    summary: 'The account: its limits and its people',
    description: "The caller's account: its name, the limits every key of it is held within, and its people with their roles.",
    success: { status: 200, description: 'The account.', answer: { name: 'Account', schema: AccountAnswer } },
  },
  listKeys: {
    summary: "List the account's keys",
    description: "Every key of the caller's account, revoked and expired ones included, with its state. Never a key's secret.",
    success: { status: 200, description: 'The keys.', answer: { name: 'KeyList', schema: KeyList } },
  },
  getKey: {
    summary: 'One key of the account',
    description: `A key of the caller's account, with its state. Never its secret. ${OURS}`,
    success: { status: 200, description: 'The key.', answer: key },
    refusals: [404],
  },
  createKey: {
    summary: 'Create a key',
    description:
      'Issues a key of the account: its name, scopes (both pet scopes when none are given; `pets:read` for a browser key), ' +
      "expiry, rate limit, kind and, for a browser key, its allowed origins. The key's secret is in this answer only. No key " +
      "gets a scope its creator lacks (a person holds every scope) nor a rate limit above the account's, and a management key " +
      'makes no key that expires later than itself (none, if it expires) or has a higher rate limit: 403, saying the most it ' +
      'may give. With ' +
      '`Idempotency-Key`, a retry of the same request creates nothing: it is answered 409, naming the key the first request ' +
      'created (whose secret is never shown again).',
    input: { name: 'CreateKeyInput', schema: CreateKeyInput },
    headers: [
      {
        name: 'Idempotency-Key',
        description: 'Any unique text (a UUID), 1 to 255 printable characters: a retried create with the same key creates no second key.',
        schema: IdempotencyKey,
      },
    ],
    success: {
      status: 201,
      description: 'The key, with its secret this once; `Location` names it.',
      answer: { name: 'IssuedKey', schema: IssuedKeyAnswer },
    },
    location: true,
    refusals: [409],
    refusalNotes: {
      409:
        'The `Idempotency-Key` was used before (the message names the key it created); the account holds its most keys already ' +
        "(revoke one first); or `expiresAt` has passed by the service's clock, which no schema can say.",
    },
  },
  updateKey: {
    summary: 'Change a key',
    description:
      'Changes what is given of its name, scopes, rate limit and origins; the rest stays. The same containment as createKey, ' +
      'judged on the key as it will stand: a management key changes no key that outlives or outruns it, and cannot widen ' +
      `itself. A key revoked, expired or past its roll's overlap is changed no more: 409. ${OURS}`,
    input: { name: 'UpdateKeyInput', schema: UpdateKeyInput },
    success: { status: 200, description: 'The key as changed.', answer: key },
    refusals: [404, 409],
    refusalNotes: {
      409:
        "The key is revoked, expired or past its roll's overlap; or the change does not fit the stored key's kind, which the " +
        'body does not carry: only a browser key has origins, and a browser key holds only `pets:read`.',
    },
  },
  rollKey: {
    summary: 'Roll a key: a replacement, the old one working a while',
    description:
      'Issues a replacement with the same settings and ends the old key after `overlapSeconds` (24 hours when absent; 0 ends it ' +
      'now; at most 30 days), or at its expiry if sooner. The body may be left out. A key is rolled once: a second roll of it is ' +
      '409. The new secret is in this answer only. A management key rolls no key wider, longer-lived or faster than itself ' +
      `(403). ${OURS}`,
    input: { name: 'RollKeyInput', schema: RollKeyInput, optional: true },
    success: {
      status: 200,
      description: 'The replacement, with its secret this once, and the key it replaces.',
      answer: { name: 'RolledKey', schema: RolledKeyAnswer },
    },
    refusals: [404, 409],
  },
  revokeKey: {
    summary: 'Revoke a key',
    description: `Ends the key now. Takes no body, or \`{}\`. ${OURS}`,
    success: { status: 200, description: 'The key, revoked.', answer: key },
    refusals: [404],
  },
  listAuditRecords: {
    summary: "The account's audit trail",
    description: 'Changes to the account, its keys and its people, newest first, a page at a time; each names who made it.',
    query: AuditRecordsParameters,
    success: { status: 200, description: 'A page of records.', answer: { name: 'AuditPage', schema: AuditPage } },
  },
} satisfies Record<string, OperationText>;

import { hash } from 'node:crypto';
import { checkIdempotencyKey } from '../idempotency/idempotency-key.js';
import { DomainError } from '../errors/domain-error.js';
import type { Invitation, Role } from './ports.js';
import { invitationView, type CreatedInvitation } from './views.js';

/**
 * The invitation an owner's `Idempotency-Key` names: its id is derived from the account and the
 * key, so the store's unique id is what makes a retry create nothing new, on both stores and
 * across instances, with no record beside the invitation (the key is remembered as long as the
 * invitation is). Another account's same key derives another id.
 */
export function idempotentInvitationId(accountId: string, idempotencyKey: string): string {
  const key = checkIdempotencyKey(idempotencyKey);
  return `inv_${hash('sha256', `idempotency:${accountId}:${key}`, 'base64url').slice(0, 16)}`;
}

/**
 * What a retry with the same key answers. The same invitation asked for again: when it was mailed,
 * the same answer (nothing is mailed again); when its one-time link was in the first answer, 409
 * naming the invitation, since the link is never shown twice (withdraw it and invite again for a
 * new one). Another invitation with the same key: 409, as for any reused key.
 */
export function replayInvitation(existing: Invitation, asked: { email: string; role: Role }, mailed: boolean): CreatedInvitation {
  if (existing.email !== asked.email || existing.role !== asked.role) {
    throw new DomainError('conflict', 'Idempotency-Key: was already used with a different invitation; use a new key for a new invitation');
  }
  if (mailed) return { invitation: invitationView(existing), link: null };
  throw new DomainError(
    'conflict',
    `Idempotency-Key: invitation ${existing.id} was created with this key already; its link is shown only once (withdraw it and invite again for a new link)`,
  );
}

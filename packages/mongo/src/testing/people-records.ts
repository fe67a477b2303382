import type { Invitation, OneTimeToken, Person } from '@petstore/domain';

/** Records for the people store's tests on MongoDB; each differs from the next by its id. */
const CREATED = new Date('2026-03-01T10:00:00.000Z');
const IN_A_WEEK = new Date('2026-03-08T10:00:00.000Z');

export const person = (id: string, email = `${id}@example.com`): Person => ({
  id,
  email,
  emailVerifiedAt: null,
  passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$salt-of-${id}$hash`,
  passwordChangedAt: CREATED,
  createdAt: CREATED,
});

export const invitation = (id: string, accountId = 'acc_1'): Invitation => ({
  id,
  accountId,
  email: `invited-${id}@example.com`,
  role: 'member',
  tokenHash: `token-hash-of-${id}`.padEnd(64, '0'),
  invitedBy: 'person:per_owner',
  createdAt: CREATED,
  expiresAt: IN_A_WEEK,
  acceptedAt: null,
  revokedAt: null,
});

export const token = (hash: string, personId = 'per_1'): OneTimeToken => ({
  hash,
  purpose: 'reset-password',
  personId,
  email: `${personId}@example.com`,
  createdAt: CREATED,
  expiresAt: IN_A_WEEK,
});

export const DURING_THE_WEEK = new Date('2026-03-02T10:00:00.000Z');

import { describe, expect, it } from 'vitest';
import { fromClient, signedUpOwner, testPeople } from '../testing/test-people.js';
import { idempotentInvitationId } from './invitation-replay.js';

const owner = { email: 'owner@example.com', password: 'correct horse battery' };

/** An account with its owner signed in, and an invitation made with an Idempotency-Key. */
const withOwner = async (options: Parameters<typeof testPeople>[0] = {}) => {
  const setup = testPeople(options);
  const { person, account } = await signedUpOwner(setup, owner);
  const invite = (email: string, key: string, role: 'owner' | 'member' = 'member') =>
    setup.service.createInvitation(person.id, account.id, { email, role }, fromClient(), key);
  return { ...setup, accountId: account.id, ownerId: person.id, invite };
};

describe('an owner invitation with an Idempotency-Key', () => {
  it('derives one id per account and key, and refuses a key that is not printable ASCII', () => {
    expect(idempotentInvitationId('acc_a', 'k1')).toBe(idempotentInvitationId('acc_a', 'k1'));
    expect(idempotentInvitationId('acc_a', 'k1')).not.toBe(idempotentInvitationId('acc_b', 'k1'));
    expect(idempotentInvitationId('acc_a', 'k1')).not.toBe(idempotentInvitationId('acc_a', 'k2'));
    expect(idempotentInvitationId('acc_a', 'k1')).toMatch(/^inv_[A-Za-z0-9_-]{16}$/);
    expect(() => idempotentInvitationId('acc_a', 'with space')).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('without mail, refuses the retry naming the invitation, so its link is never shown twice', async () => {
    const { invite, service, ownerId, accountId } = await withOwner();
    const first = await invite('new@example.com', 'key-1');
    expect(first.link).not.toBeNull();
    await expect(invite('new@example.com', 'key-1')).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(first.invitation.id),
    });
    await expect(invite('new@example.com', 'key-1', 'owner')).rejects.toMatchObject({ message: expect.stringMatching(/different invitation/) });
    expect(await service.listInvitations(ownerId, accountId)).toHaveLength(1);
  });

  it('with mail, answers the retry as the first time and mails once', async () => {
    const { invite, mail } = await withOwner({ mailer: true });
    const first = await invite('new@example.com', 'key-1');
    expect(await invite('new@example.com', 'key-1')).toEqual(first);
    expect(mail.filter((message) => message.to === 'new@example.com')).toHaveLength(1);
  });

  it('makes one invitation of many concurrent requests with one key', async () => {
    const { invite, service, ownerId, accountId } = await withOwner();
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => invite('new@example.com', 'key-1')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await service.listInvitations(ownerId, accountId)).toHaveLength(1);
  });
});

import { changesBetween, initialValues } from '../audit/audit-trail.js';
import { DomainError } from '../errors/domain-error.js';
import { oldestFirst } from '../ordering/oldest-first.js';
import { isLive, keyView } from '../keys/key-state.js';
import type { KeyView, ManagementCaller } from '../management/ports.js';
import type { RequestContext } from './deps.js';
import { keysIssuedThrough } from './member-keys.js';
import { byPerson, personActor, type PeopleKit } from './people-kit.js';
import type { Membership, PeopleStore } from './ports.js';
import { personView, type MemberView, type PersonListing } from './views.js';

/** What removing a member did beyond the removal: the keys revoked with it (none when the owner kept them). */
export interface RemovedMember {
  revokedKeys: KeyView[];
}

/**
 * Who belongs to an account. Only its owners manage its members, and an account always keeps an
 * owner. Someone who is not a member of the account is told it does not exist, as for any account
 * of another: existence does not leak across accounts.
 */
export class Members {
  constructor(private readonly kit: PeopleKit) {}

  /** The caller's membership when they own the account; `not_found` when they are not in it, `forbidden` when only a member. */
  async requireOwner(personId: string, accountId: string): Promise<Membership> {
    const memberships = await this.kit.deps.people.membershipsOfPerson(personId);
    const membership = memberships.find((each) => each.accountId === accountId);
    if (!membership) throw new DomainError('not_found', `account ${accountId} does not exist`);
    if (membership.role !== 'owner') throw new DomainError('forbidden', "only the account's owners manage its members");
    return membership;
  }

  async list(ownerId: string, accountId: string): Promise<MemberView[]> {
    await this.requireOwner(ownerId, accountId);
    return membersOfAccount(this.kit.deps.people, accountId);
  }

  /**
   * Removes the member, ends their sessions and, unless `keepKeys`, revokes the keys they made and
   * the keys those made (keysIssuedThrough): they were shown those secrets, and a removed member
   * keeps no way in. The keys are listed after the sessions end, so none made through a session
   * escapes; a key being made by one of their keys at that very instant may (see
   * docs/people.md#removing-a-member). Two owners removing each other at the same instant could
   * both pass the last-owner check; the store has no transaction to prevent it, and the operator's
   * `invites create --account` restores an owner.
   */
  async remove(
    ownerId: string,
    accountId: string,
    personId: string,
    context: RequestContext,
    options: { keepKeys: boolean },
  ): Promise<RemovedMember> {
    const { role } = await this.requireOwner(ownerId, accountId);
    const memberships = await this.kit.deps.people.membershipsOfAccount(accountId);
    const removed = memberships.find((membership) => membership.personId === personId);
    if (!removed) throw new DomainError('not_found', `person ${personId} is not a member of account ${accountId}`);
    const owners = memberships.filter((membership) => membership.role === 'owner');
    if (removed.role === 'owner' && owners.length === 1) {
      throw new DomainError('conflict', 'the last owner of an account cannot be removed; invite another owner first');
    }
    const subject = { accountId, personId };
    const by = byPerson(ownerId, context);
    const changes = { ...changesBetween({ role: removed.role }, { role: null }), ...initialValues({ keys: options.keepKeys ? 'kept' : 'revoked' }) };
    await this.kit.trail.record('member.removed', subject, changes, by);
    await this.kit.deps.people.deleteMembership(accountId, personId);
    await this.kit.deps.people.deleteSessionsOf(personId);
    if (options.keepKeys) return { revokedKeys: [] };
    // The owner revokes them, as the key service judges any caller (revoking needs no verified address).
    const ownerPerson = await this.kit.deps.people.getPerson(ownerId);
    const emailVerified = ownerPerson !== null && this.kit.emailVerified(ownerPerson);
    const owner: ManagementCaller = { kind: 'person', personId: ownerId, accountId, role, emailVerified };
    return { revokedKeys: await this.revokeKeysOf(owner, personId, context) };
  }

  /** Revokes each live key the person's secrets reach, each with its own `key.revoked` record by the owner. */
  private async revokeKeysOf(owner: ManagementCaller, personId: string, context: RequestContext): Promise<KeyView[]> {
    const now = this.kit.now();
    const keys = await this.kit.deps.keys.listKeys(owner.accountId);
    // A replacement whose roll is still pending is no one's yet (the key service sees none): its roll, if it wins, is as at any other instant.
    const live = keysIssuedThrough(personActor(personId), keys).filter((key) => !key.rollPending && isLive(key, now));
    const revoked = [];
    for (const key of live) revoked.push(keyView(await this.kit.deps.keyService.revokeKey(owner, key.id, context), now));
    return revoked;
  }

  /** The operator's list: everyone, or one account's people, each with their memberships; never a hash. */
  async listPeople(query: { accountId?: string | undefined }): Promise<PersonListing[]> {
    const people = await this.kit.deps.people.listPeople(query);
    const listed = await Promise.all(
      people.map(async (person) => ({ ...personView(person), memberships: await this.kit.deps.people.membershipsOfPerson(person.id) })),
    );
    return listed.sort(oldestFirst((person) => person.email));
  }
}

/** An account's people, longest-standing first; never a hash. */
export async function membersOfAccount(people: PeopleStore, accountId: string): Promise<MemberView[]> {
  const memberships = await people.membershipsOfAccount(accountId);
  const members = await Promise.all(
    memberships.map(async (membership) => {
      const person = await people.getPerson(membership.personId);
      return person && { person: personView(person), role: membership.role, joinedAt: membership.createdAt };
    }),
  );
  return members.filter((member) => member !== null).sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
}

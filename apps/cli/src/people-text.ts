import type { Account, CreatedInvitation, IssuedLink, PersonListing } from '@petstore/domain';
import { quoted } from './quoted.js';
import { textTable, toMinute } from './text-table.js';

export function accountTable(accounts: Account[]): string[] {
  return textTable([
    ['ID', 'NAME', 'CREATED', 'SUSPENDED'],
    ...accounts.map((account) => [
      account.id,
      quoted(account.name),
      toMinute(account.createdAt),
      account.suspendedAt ? toMinute(account.suspendedAt) : '-',
    ]),
  ]);
}

/** One row per membership (a person belongs to one account today), or one with no account for someone removed from theirs. */
export function peopleTable(people: PersonListing[]): string[] {
  const rows = people.flatMap((person) => {
    const verified = person.emailVerifiedAt ? toMinute(person.emailVerifiedAt) : 'no';
    const memberships = person.memberships.length === 0 ? [{ accountId: '-', role: '-' }] : person.memberships;
    return memberships.map(({ accountId, role }) => [quoted(person.email), person.id, verified, accountId, role, toMinute(person.createdAt)]);
  });
  return textTable([['EMAIL', 'ID', 'VERIFIED', 'ACCOUNT', 'ROLE', 'CREATED'], ...rows]);
}

/** An invitation just made, the link first: what the operator passes on before it is gone. */
export function invitationLines({ invitation, link }: CreatedInvitation & { link: IssuedLink }): string[] {
  return [
    `link:        ${link.link}`,
    `invitation:  ${invitation.id}`,
    `email:       ${quoted(invitation.email)}`,
    `account:     ${invitation.accountId ?? 'a new account of their own, created when they accept'}`,
    `role:        ${invitation.role}`,
    `expires:     ${invitation.expiresAt.toISOString()}`,
  ];
}

export function resetLinkLines(email: string, link: IssuedLink): string[] {
  return [`link:        ${link.link}`, `email:       ${quoted(email)}`, `expires:     ${link.expiresAt.toISOString()}`];
}

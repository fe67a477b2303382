import type { CreatedInvitation, InvitationView, MailDelivery, MemberView, RemovedMember, SessionView } from '@petstore/domain';
import { keyJson } from './key-json.js';
import type { CreatedInvitationAnswer, InvitationAnswer, MemberAnswer, RemovedMemberAnswer, SessionListItem } from './openapi/member-answers.js';

/** A person of the account as the management API lists them: who, their role, since when; never a hash. */
export function memberJson(member: MemberView): MemberAnswer {
  return { personId: member.person.id, email: member.person.email, role: member.role, joinedAt: member.joinedAt.toISOString() };
}

/** The keys a removal revoked, as listKeys shows keys: never a secret. */
export function removedMemberJson(removed: RemovedMember): RemovedMemberAnswer {
  return { revokedKeys: removed.revokedKeys.map(keyJson) };
}

/** An invitation as listed: never its token's hash; the account is the caller's own, so not repeated. */
export function invitationJson(invitation: InvitationView): InvitationAnswer {
  const { id, email, role, invitedBy, createdAt, expiresAt, acceptedAt, revokedAt } = invitation;
  return {
    id,
    email,
    role,
    invitedBy,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    acceptedAt: acceptedAt?.toISOString() ?? null,
    revokedAt: revokedAt?.toISOString() ?? null,
  };
}

export function createdInvitationJson(created: CreatedInvitation, delivery: MailDelivery): CreatedInvitationAnswer {
  const { invitation, link } = created;
  return { invitation: invitationJson(invitation), link: link && { url: link.link, expiresAt: link.expiresAt.toISOString() }, delivery };
}

/** A session of the person, by its handle, marked when it is the one asking. */
export function sessionListItemJson(session: SessionView, currentHandle: string): SessionListItem {
  const { id, createdAt, lastSeenAt, expiresAt, clientAddress, userAgent } = session;
  return {
    id,
    current: id === currentHandle,
    createdAt: createdAt.toISOString(),
    lastSeenAt: lastSeenAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    clientAddress,
    userAgent,
  };
}

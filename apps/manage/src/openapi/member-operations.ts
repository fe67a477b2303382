import { IdempotencyKey, InvitationInput, RemoveMemberQuery } from '@petstore/domain';
import { CreatedInvitationAnswer, InvitationList, MemberList, RemovedMemberAnswer, SessionList } from './member-answers.js';
import type { OperationText } from './operation-text.js';

const OWNERS = "For the account's owners: a member gets 403. A person or invitation of another account is 404, as one that does not exist.";

/** What the document says of the members, invitations and sessions operations (docs/manage-api.md says more). */
export const MEMBER_OPERATION_TEXT = {
  listMembers: {
    summary: "The account's people",
    description: `Each person of the signed-in person's account, with their role and when they joined. ${OWNERS}`,
    success: { status: 200, description: 'The members.', answer: { name: 'MemberList', schema: MemberList } },
  },
  inviteMember: {
    summary: 'Invite someone into the account',
    description:
      'Makes a one-time invitation for the address, valid 7 days, as a member (by default) or an owner. When the service sends ' +
      'mail the link is mailed to the address and `link` is null (only by an owner whose address is verified: 403 before); ' +
      'otherwise `link` is in this answer, once, for you to pass on. ' +
      'A mailed invitation is charged to the per-client mailing budget (with signUp and requestPasswordReset). With an ' +
      '`Idempotency-Key`, a retry creates no second invitation: when it was mailed, the same answer; when its link was in the ' +
      'first answer, 409 naming the invitation (a link is never shown twice); the key with another address or role, 409. ' +
      `An address already in the account is 409. ${OWNERS}`,
    input: { name: 'InvitationInput', schema: InvitationInput },
    success: { status: 201, description: 'Invited.', answer: { name: 'CreatedInvitation', schema: CreatedInvitationAnswer } },
    headers: [
      {
        name: 'Idempotency-Key',
        description: 'Any unique text (a UUID), 1 to 255 printable characters: a retried invitation with the same key creates no second one.',
        schema: IdempotencyKey,
      },
    ],
    refusals: [409],
  },
  removeMember: {
    summary: 'Remove a person from the account',
    description:
      'Removes the person (the `personId` of listMembers) from the account, ends their sessions, and revokes the keys they ' +
      'made and the keys those keys made (each recorded as `key.revoked` by the owner), listed in the answer; `keepKeys=true` ' +
      'keeps them. The last owner cannot be removed (409). An owner removing themselves is signed out (the cookie is ' +
      `cleared). Takes no body, or \`{}\`. ${OWNERS}`,
    query: RemoveMemberQuery,
    success: { status: 200, description: 'Removed.', answer: { name: 'RemovedMember', schema: RemovedMemberAnswer } },
    refusals: [404, 409],
  },
  listInvitations: {
    summary: "The account's invitations",
    description: `Every invitation into the account, newest first, open or not; never a link. ${OWNERS}`,
    success: { status: 200, description: 'The invitations.', answer: { name: 'InvitationList', schema: InvitationList } },
  },
  revokeInvitation: {
    summary: 'Withdraw an invitation',
    description:
      'Its link opens nothing any more. Withdrawing one withdrawn already changes nothing; one accepted already is 409. Takes no ' +
      `body, or \`{}\`. ${OWNERS}`,
    success: { status: 204, description: 'Withdrawn.' },
    refusals: [404, 409],
  },
  listSessions: {
    summary: "The signed-in person's sessions",
    description:
      'Each session still in force, by its handle (never its token), where and with what browser it was signed in, and which one ' +
      'this request came with (`current`).',
    success: { status: 200, description: 'The sessions.', answer: { name: 'SessionList', schema: SessionList } },
  },
  endSession: {
    summary: 'End one of your sessions',
    description:
      "Ends the session of this handle (an `id` of listSessions): the browser holding it is signed out. Another person's is 404. " +
      'Ending the current session clears the cookie. Takes no body, or `{}`.',
    success: { status: 204, description: 'Ended.' },
    refusals: [404],
  },
} satisfies Record<string, OperationText>;

import { InvitationInput, parseOrThrow, RemoveMemberQuery, type PeopleService } from '@petstore/domain';
import { singleValues } from '@petstore/http';
import { readInput, readNoInput, sendJson, sendNothing, signedIn, type Handler } from '../call.js';
import { pathParameter } from '../path-parameters.js';
import { createdInvitationJson, invitationJson, memberJson, removedMemberJson } from '../member-json.js';
import type { SessionCookie } from '../session/session-cookie.js';

export interface MemberHandlerDeps {
  people: PeopleService;
  cookie: SessionCookie;
  /** Charges the client's budget of operations that may send mail; throws `rate_limited` past it. */
  chargeMailing: (clientAddress: string | undefined) => void;
}

/**
 * The account's people and invitations, for its owners: the domain refuses a member (403) and
 * answers a person or invitation of another account as one that does not exist (404), so nothing
 * here tells whether another account has it. Always the signed-in person's own account.
 */
export function memberHandlers(deps: MemberHandlerDeps) {
  const { people } = deps;
  return {
    listMembers: async (call) => {
      const { person, account } = signedIn(call);
      sendJson(call.exchange, 200, { members: (await people.listMembers(person.id, account.id)).map(memberJson) });
    },
    inviteMember: async (call) => {
      // Only an invitation that is mailed spends the budget: without mail, the link is the owner's to pass on.
      if (people.mailConfigured) deps.chargeMailing(call.exchange.clientAddress);
      const { person, account } = signedIn(call);
      const input = await readInput(call.exchange, InvitationInput);
      const created = await people.createInvitation(person.id, account.id, input, call.context, call.exchange.idempotencyKey);
      sendJson(call.exchange, 201, createdInvitationJson(created, people.mailDelivery));
    },
    removeMember: async (call) => {
      const { keepKeys = false } = parseOrThrow(RemoveMemberQuery, singleValues(call.exchange.query()), 'query');
      await readNoInput(call.exchange);
      const { person, account } = signedIn(call);
      const removed = pathParameter(call, 'personId');
      const answer = await people.removeMember(person.id, account.id, removed, call.context, { keepKeys });
      // An owner who removed themselves has no session left: this browser's cookie names none now.
      sendJson(call.exchange, 200, removedMemberJson(answer), removed === person.id ? ['Set-Cookie', deps.cookie.clear] : []);
    },
    listInvitations: async (call) => {
      const { person, account } = signedIn(call);
      sendJson(call.exchange, 200, { invitations: (await people.listInvitations(person.id, account.id)).map(invitationJson) });
    },
    revokeInvitation: async (call) => {
      await readNoInput(call.exchange);
      const { person, account } = signedIn(call);
      await people.revokeInvitation(person.id, account.id, pathParameter(call, 'invitationId'), call.context);
      sendNothing(call.exchange);
    },
  } satisfies Record<string, Handler>;
}

import { AcceptInvitationInput, ChangePasswordInput, SignInInput, type PeopleService, type SignedIn } from '@petstore/domain';
import { readInput, readNoInput, sendJson, sendNothing, signedIn, type Call, type Handler } from '../call.js';
import { pathParameter } from '../path-parameters.js';
import { sessionListItemJson } from '../member-json.js';
import { sessionJson } from '../session-json.js';
import type { SessionCookie } from '../session/session-cookie.js';

export interface SessionHandlerDeps {
  people: PeopleService;
  cookie: SessionCookie;
  startSession: (call: Call, started: SignedIn) => void;
}

/** How every sign-in answers (password, invitation, passkey): the token to the browser in the cookie, the rest in the body. */
export function sessionStarter(cookie: SessionCookie, now: () => Date): (call: Call, started: SignedIn) => void {
  return (call, started) => {
    const { token, ...principal } = started;
    sendJson(call.exchange, 200, sessionJson(principal), ['Set-Cookie', cookie.issue(token, principal.session.expiresAt, now())]);
  };
}

/** Signing in and out, the session itself and the person's list of them: each sign-in answers a new token, in the cookie alone. */
export function sessionHandlers(deps: SessionHandlerDeps) {
  const { people, cookie, startSession } = deps;
  return {
    signIn: async (call) => startSession(call, await people.signIn(await readInput(call.exchange, SignInInput), call.context)),
    acceptInvitation: async (call) =>
      startSession(call, await people.acceptInvitation(await readInput(call.exchange, AcceptInvitationInput), call.context)),
    changePassword: async (call) => {
      const body = await readInput(call.exchange, ChangePasswordInput);
      startSession(call, await people.changePassword(signedIn(call).person.id, body, call.context));
    },
    getSession: async (call) => sendJson(call.exchange, 200, sessionJson(signedIn(call))),
    signOut: async (call) => {
      await readNoInput(call.exchange);
      await people.signOut(call.token ?? '', call.context);
      sendNothing(call.exchange, ['Set-Cookie', cookie.clear]);
    },
    signOutEverywhere: async (call) => {
      await readNoInput(call.exchange);
      await people.signOutEverywhere(signedIn(call).person.id, call.context);
      sendNothing(call.exchange, ['Set-Cookie', cookie.clear]);
    },
    listSessions: async (call) => {
      const { person, session } = signedIn(call);
      const listed = await people.listSessions(person.id);
      sendJson(call.exchange, 200, { sessions: listed.map((each) => sessionListItemJson(each, session.id)) });
    },
    endSession: async (call) => {
      await readNoInput(call.exchange);
      const { person, session } = signedIn(call);
      const ended = pathParameter(call, 'sessionId');
      await people.endSession(person.id, ended, call.context);
      // Ending the session this request came with signs this browser out: it may forget the cookie.
      sendNothing(call.exchange, ended === session.id ? ['Set-Cookie', cookie.clear] : []);
    },
  } satisfies Record<string, Handler>;
}

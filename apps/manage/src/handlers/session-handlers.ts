import { AcceptInvitationInput, ChangePasswordInput, SignInInput, type PeopleService, type SignedIn } from '@petstore/domain';
import type { Envelope } from '@petstore/http';
import { readInput, readNoInput, sendJson, sendNothing, signedIn, type Call, type Handler } from '../call.js';
import { sessionJson } from '../session-json.js';
import type { SessionCookie } from '../session/session-cookie.js';

export interface SessionHandlerDeps {
  people: PeopleService;
  envelope: Envelope;
  cookie: SessionCookie;
  now: () => Date;
}

/** Signing in and out, and the session itself: each sign-in answers a new token, in the cookie alone. */
export function sessionHandlers(deps: SessionHandlerDeps) {
  const { people, envelope, cookie } = deps;
  /** A fresh session: its token goes to the browser in the cookie, the rest in the body. */
  const startSession = (call: Call, started: SignedIn): void => {
    const { token, ...principal } = started;
    sendJson(call.exchange, 200, sessionJson(principal), ['Set-Cookie', cookie.issue(token, principal.session.expiresAt, deps.now())]);
  };
  return {
    signIn: async (call) => startSession(call, await people.signIn(await readInput(envelope, call.exchange, SignInInput), call.context)),
    acceptInvitation: async (call) =>
      startSession(call, await people.acceptInvitation(await readInput(envelope, call.exchange, AcceptInvitationInput), call.context)),
    changePassword: async (call) => {
      const body = await readInput(envelope, call.exchange, ChangePasswordInput);
      startSession(call, await people.changePassword(signedIn(call).person.id, body, call.context));
    },
    getSession: async (call) => sendJson(call.exchange, 200, sessionJson(signedIn(call))),
    signOut: async (call) => {
      await readNoInput(envelope, call.exchange);
      await people.signOut(call.token ?? '', call.context);
      sendNothing(call.exchange, ['Set-Cookie', cookie.clear]);
    },
    signOutEverywhere: async (call) => {
      await readNoInput(envelope, call.exchange);
      await people.signOutEverywhere(signedIn(call).person.id, call.context);
      sendNothing(call.exchange, ['Set-Cookie', cookie.clear]);
    },
  } satisfies Record<string, Handler>;
}

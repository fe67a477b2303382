import type { SignedIn } from '@petstore/domain';
import { FinishRegistrationInput, FinishSignInInput, type PasskeyService, type PasskeyView } from '@petstore/passkeys';
import { readInput, readNoInput, sendJson, sendNothing, signedIn, type Call, type Handler } from '../call.js';
import { pathParameter } from '../path-parameters.js';
import type { PasskeyAnswer } from '../openapi/passkey-answers.js';

export interface PasskeyHandlerDeps {
  passkeys: PasskeyService;
  /** Answers a new session as a password sign-in does: its token in the session cookie, the rest in the body. */
  startSession: (call: Call, started: SignedIn) => void;
}

/**
 * The passkey ceremonies (docs/passkeys.md): registering and listing need a session; signing in
 * is open to anyone and ends, when the passkey verifies, in the same session cookie as signIn.
 */
export function passkeyHandlers(deps: PasskeyHandlerDeps) {
  const { passkeys } = deps;
  return {
    startPasskeyRegistration: async (call) => {
      await readNoInput(call.exchange);
      sendJson(call.exchange, 200, await passkeys.startRegistration(signedIn(call).person.id, call.context));
    },
    finishPasskeyRegistration: async (call) => {
      const body = await readInput(call.exchange, FinishRegistrationInput);
      sendJson(call.exchange, 201, passkeyJson(await passkeys.finishRegistration(signedIn(call).person.id, body, call.context)));
    },
    listPasskeys: async (call) => {
      const listed = await passkeys.listPasskeys(signedIn(call).person.id);
      sendJson(call.exchange, 200, { passkeys: listed.map(passkeyJson) });
    },
    deletePasskey: async (call) => {
      await readNoInput(call.exchange);
      await passkeys.deletePasskey(signedIn(call).person.id, pathParameter(call, 'passkeyId'), call.context);
      sendNothing(call.exchange);
    },
    startPasskeySignIn: async (call) => {
      await readNoInput(call.exchange);
      sendJson(call.exchange, 200, await passkeys.startSignIn(call.context));
    },
    finishPasskeySignIn: async (call) => {
      const body = await readInput(call.exchange, FinishSignInInput);
      deps.startSession(call, await passkeys.finishSignIn(body, call.context));
    },
  } satisfies Record<string, Handler>;
}

function passkeyJson(passkey: PasskeyView): PasskeyAnswer {
  const { id, name, transports, createdAt, lastUsedAt } = passkey;
  return { id, name, transports, createdAt: createdAt.toISOString(), lastUsedAt: lastUsedAt?.toISOString() ?? null };
}

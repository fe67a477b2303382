import { PasswordResetRequest, ResetPasswordInput, SignUpInput, VerifyEmailInput, type MailDelivery, type PeopleService } from '@petstore/domain';
import { readInput, sendJson, sendNothing, type Handler } from '../call.js';
import type { ResetRequested } from '../openapi/answers.js';
import type { SessionCookie } from '../session/session-cookie.js';

export interface LinkHandlerDeps {
  people: PeopleService;
  cookie: SessionCookie;
  /** Charges the client's budget of operations that may send mail; throws `rate_limited` past it. */
  chargeMailing: (clientAddress: string | undefined) => void;
}

/**
 * The public operations: signing up and the one-time links (verification, password reset). Those
 * that may mail are charged to the client's mailing budget first, before anything is read. Their
 * answers are the same whether or not anyone has the address given, so they tell nobody who is
 * registered.
 */
export function linkHandlers(deps: LinkHandlerDeps) {
  const { people } = deps;
  return {
    signUp: async (call) => {
      deps.chargeMailing(call.exchange.clientAddress);
      const answer = await people.signUp(await readInput(call.exchange, SignUpInput), call.context);
      sendJson(call.exchange, 202, { ...answer, delivery: people.mailDelivery });
    },
    verifyEmail: async (call) => {
      await people.verifyEmail(await readInput(call.exchange, VerifyEmailInput), call.context);
      sendNothing(call.exchange);
    },
    requestPasswordReset: async (call) => {
      deps.chargeMailing(call.exchange.clientAddress);
      await people.requestPasswordReset(await readInput(call.exchange, PasswordResetRequest), call.context);
      sendJson(call.exchange, 202, resetRequested(people.mailDelivery));
    },
    resetPassword: async (call) => {
      await people.resetPassword(await readInput(call.exchange, ResetPasswordInput), call.context);
      // Every session of the person ended with the reset; this browser's cookie, if any, names none now.
      sendNothing(call.exchange, ['Set-Cookie', deps.cookie.clear]);
    },
  } satisfies Record<string, Handler>;
}

/** One answer for every address, so the answer tells nobody whether a person has it; it says where the link went. */
function resetRequested(delivery: MailDelivery): ResetRequested {
  const sent = 'if a person has this address, a link to reset their password was';
  const message = {
    mail: `${sent} mailed to it`,
    output: `${sent} written to the service's output (development: no mail server is configured)`,
    none: 'no mail is sent by this service: ask its operator for a link to reset your password',
  }[delivery];
  return { message, delivery };
}

import { DomainError, isDomainError, type Operation, type PeopleService, type SessionPrincipal } from '@petstore/domain';
import type { Exchange } from '@petstore/http';
import type { Call } from './call.js';
import { csrfCheck } from './session/csrf.js';
import type { SessionCookie } from './session/session-cookie.js';

export interface AdmissionDeps {
  people: Pick<PeopleService, 'authenticateSession'>;
  cookie: SessionCookie;
  publicBaseUrl: string;
}

/**
 * What every management route does before its handler, in this order: the cross-site check (before
 * anything is read or looked up), then who may call the operation, as the catalogue says: anyone,
 * or a signed-in person, whose session cookie must name a live session (401 otherwise, and the
 * browser is told to forget a cookie that names none).
 */
export function admission(deps: AdmissionDeps): (exchange: Exchange, operation: Operation) => Promise<Omit<Call, 'params'>> {
  const checkCsrf = csrfCheck(deps.publicBaseUrl);
  /** The signed-in person the cookie's token names; 401 without one, or for one that names no live session. */
  const sessionOf = async (exchange: Exchange, token: string | undefined): Promise<SessionPrincipal> => {
    if (token === undefined) throw new DomainError('unauthorized', 'sign in first: this operation needs the session cookie that signIn sets');
    try {
      return await deps.people.authenticateSession(token);
    } catch (error) {
      // The cookie names no live session (ended, expired, or never one): the browser may forget it.
      if (isDomainError(error) && error.code === 'unauthorized') exchange.header('Set-Cookie', deps.cookie.clear);
      throw error;
    }
  };
  return async (exchange, operation) => {
    const token = deps.cookie.tokenOf(exchange.req.headers.cookie);
    checkCsrf(exchange.req, token !== undefined);
    const context = { clientAddress: exchange.clientAddress ?? '', userAgent: userAgentOf(exchange) };
    let session: SessionPrincipal | undefined;
    switch (operation.callers) {
      case 'anyone':
        break;
      case 'session':
        session = await sessionOf(exchange, token);
        break;
      case 'session-or-key':
        // A signed-in person; a management key too once this door checks keys (until then, 401 without a session).
        session = await sessionOf(exchange, token);
        break;
      case 'key':
        // Fails closed: an operation a key may call is admitted only once this door checks keys.
        throw new Error(`${operation.name}: the management door does not check API keys yet`);
    }
    return { exchange, context, token, session };
  };
}

/** The User-Agent as sent, bounded: it is shown in the person's list of sessions, nothing more. */
function userAgentOf(exchange: Exchange): string {
  return (exchange.req.headers['user-agent'] ?? '').slice(0, 256);
}

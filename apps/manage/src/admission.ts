import { DomainError, isDomainError, type ManagementCaller, type Operation, type PeopleService, type SessionPrincipal } from '@petstore/domain';
import type { Envelope, Exchange } from '@petstore/http';
import type { Call } from './call.js';
import { csrfCheck } from './session/csrf.js';
import type { SessionCookie } from './session/session-cookie.js';
import { userAgentText } from './user-agent-text.js';

export interface AdmissionDeps {
  people: Pick<PeopleService, 'authenticateSession'>;
  /** The one key check and budget of every door: a management key is judged here as a pet key is at /v1. */
  envelope: Pick<Envelope, 'checkKey' | 'admit'>;
  cookie: SessionCookie;
  publicBaseUrl: string;
}

/**
 * What every management route does before its handler, in this order: the cross-site check (before
 * anything is read or looked up), then who may call the operation, as the catalogue says: anyone,
 * a signed-in person, whose session cookie must name a live session (401 otherwise, and the browser
 * is told to forget a cookie that names none), or, for an operation a key may call, an API key.
 *
 * A request to such an operation that carries `Authorization` is the key's: the key is checked and
 * the operation admitted by the envelope (its scope, then its cost charged to the key's budget), as
 * at the pet doors, and a session cookie beside it is ignored: automation sends keys, and a cookie
 * left in a client's jar must not change whose request it is. Nothing a cross-site page can do
 * rides on it: a browser sends `Authorization` to another origin only after a CORS preflight.
 */
export function admission(deps: AdmissionDeps): (exchange: Exchange, operation: Operation) => Promise<Call> {
  const checkCsrf = csrfCheck(deps.publicBaseUrl);
  /** The signed-in person the cookie's token names; 401 without one, or for one that names no live session. */
  const sessionOf = async (exchange: Exchange, token: string | undefined, orKey: boolean): Promise<SessionPrincipal> => {
    if (token === undefined) throw new DomainError('unauthorized', orKey ? SIGN_IN_OR_KEY : SIGN_IN);
    try {
      return await deps.people.authenticateSession(token);
    } catch (error) {
      // The cookie names no live session (ended, expired, or never one): the browser may forget it.
      if (isDomainError(error) && error.code === 'unauthorized') exchange.stageHeader('Set-Cookie', deps.cookie.clear);
      throw error;
    }
  };
  /** The key of the request, checked and charged for the operation as at every door. */
  const keyCaller = async (exchange: Exchange, operation: Operation): Promise<ManagementCaller> => {
    const principal = await deps.envelope.checkKey(exchange);
    await deps.envelope.admit(exchange, [{ name: operation.name, operation, calls: 1 }]);
    return { kind: 'key', keyId: principal.keyId, accountId: principal.accountId, scopes: principal.scopes };
  };
  return async (exchange, operation) => {
    const byKey = operation.callers === 'key' || (operation.callers === 'session-or-key' && exchange.header('authorization') !== undefined);
    const token = byKey ? undefined : deps.cookie.tokenOf(exchange);
    checkCsrf(exchange, token !== undefined);
    const context = { clientAddress: exchange.clientAddress ?? '', userAgent: userAgentOf(exchange) };
    if (byKey) return { exchange, context, token, session: undefined, caller: await keyCaller(exchange, operation) };
    if (operation.callers === 'anyone') return { exchange, context, token, session: undefined, caller: undefined };
    const session = await sessionOf(exchange, token, operation.callers === 'session-or-key');
    return { exchange, context, token, session, caller: personOf(session) };
  };
}

const SIGN_IN = 'sign in first: this operation needs the session cookie that signIn sets';
const SIGN_IN_OR_KEY =
  'sign in first (the session cookie that signIn sets), or send an API key with a management scope as Authorization: Bearer <key>';

/** A signed-in person as the management service judges callers: every scope, within their account and role. */
function personOf(session: SessionPrincipal): ManagementCaller {
  return {
    kind: 'person',
    personId: session.person.id,
    accountId: session.account.id,
    role: session.membership.role,
    emailVerified: session.emailVerified,
  };
}

/** The User-Agent as readable text: it is shown in the person's list of sessions, nothing more. */
function userAgentOf(exchange: Exchange): string {
  return userAgentText(exchange.header('user-agent'));
}

import type { ManagementCaller, RequestContext, SessionPrincipal } from '@petstore/domain';
import { DomainError, parseOrThrow } from '@petstore/domain';
import type { z } from 'zod';
import { stringifyJson, type Exchange, type HeaderList } from '@petstore/http';

/** One admitted call of a management operation, as its handler sees it. */
export interface Call {
  exchange: Exchange;
  /** Where the change comes from, for the audit trail and the person's list of sessions. */
  context: RequestContext;
  /** The session token the request's cookie carries; undefined without one. */
  token: string | undefined;
  /** Who is signed in, for an operation only a session may call (checked before the handler runs). */
  session: SessionPrincipal | undefined;
  /** Who calls, as the management service judges them: the signed-in person or the API key; undefined for anyone. */
  caller: ManagementCaller | undefined;
}

/** What an operation does once admitted; it answers through the exchange's one writer. */
export type Handler = (call: Call) => Promise<void>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer, with the answer's own headers (a Set-Cookie). */
export function sendJson(exchange: Exchange, status: number, body: unknown, headers: HeaderList = []): void {
  exchange.send(status, [...headers, 'Content-Type', JSON_TYPE], stringifyJson(body));
}

/** An answer with nothing to say but its status. */
export function sendNothing(exchange: Exchange, headers: HeaderList = []): void {
  exchange.send(204, headers);
}

/** The signed-in person of a session-only operation; its admission checked the session already. */
export function signedIn(call: Call): SessionPrincipal {
  if (call.session === undefined) throw new Error('a session operation ran without its session check');
  return call.session;
}

/** The caller of an operation a session or a key may call; its admission checked one of them already. */
export function callerOf(call: Call): ManagementCaller {
  if (call.caller === undefined) throw new Error('a management operation ran without its caller check');
  return call.caller;
}

/**
 * For an operation that takes no input (signing out): no body, or an empty JSON object, which is
 * what a client that always sends JSON sends; anything else is refused rather than ignored.
 */
export async function readNoInput(exchange: Exchange): Promise<void> {
  if (!exchange.hasBody) return;
  const body = await exchange.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length > 0)
    throw new DomainError('invalid_request', 'body: takes no input; send none, or {}');
}

/** The request's JSON body, read by the exchange under its limits and parsed with the operation's input schema (400 naming the field). */
export async function readInput<S extends z.ZodType>(exchange: Exchange, schema: S): Promise<z.output<S>> {
  return parseOrThrow(schema, await exchange.json(), 'body');
}

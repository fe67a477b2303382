import type { Exchange } from '@petstore/http';

/**
 * The session cookie: the session's opaque token, and nothing else, travels only here (never in a
 * body, a URL or a log). `HttpOnly` keeps it from scripts, `SameSite=Lax` from most cross-site
 * requests, `Path=/` gives it to the portal and the API alike. Over https it is also `Secure` and
 * named with the `__Host-` prefix, which a browser accepts only from a secure origin, with `Path=/`
 * and no `Domain`: no subdomain can set or shadow it (RFC 6265bis §4.1.3.2).
 */
export interface SessionCookie {
  readonly name: string;
  /** The Set-Cookie value that hands the browser a new token, kept until the session's absolute end. */
  issue(token: string, expiresAt: Date, now: Date): string;
  /** The Set-Cookie value that makes the browser forget the token. */
  readonly clear: string;
  /** The token the request's cookie of this name carries, if any (an empty one is none). */
  tokenOf(request: Pick<Exchange, 'cookie'>): string | undefined;
}

export const SESSION_COOKIE = 'petstore_session';

/** The cookie as PUBLIC_BASE_URL says the service is reached: `https://…` makes it `__Host-` and `Secure`. */
export function sessionCookie(publicBaseUrl: string): SessionCookie {
  const secure = publicBaseUrl.startsWith('https://');
  const name = secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    name,
    issue: (token, expiresAt, now) =>
      `${name}=${token}; ${attributes}; Max-Age=${Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))}`,
    clear: `${name}=; ${attributes}; Max-Age=0`,
    tokenOf: (request) => request.cookie(name) || undefined,
  };
}

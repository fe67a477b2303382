import { HttpError, isJsonMediaType, type Exchange } from '@petstore/http';

/** Methods that change nothing (RFC 9110 §9.2.1): a cross-site GET cannot act for anyone. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses (403) a request that may change something and is not plainly from the service's own
 * pages, before it is read or acted on:
 * - with a session cookie, it must say it comes from the service's origin (`Origin`, or
 *   `Sec-Fetch-Site: same-origin` where a browser leaves Origin out) and be JSON, which a
 *   cross-site form cannot send and a cross-site script cannot send without a CORS preflight this
 *   door never allows;
 * - without one, a browser's request from another origin is refused too (someone signing a
 *   visitor into the attacker's own account, or signing up in their name); a client that is not a
 *   browser, such as curl, sends no Origin and passes.
 * The service's origin is PUBLIC_BASE_URL's, or, without it, the request's own Host over http.
 * OWASP's CSRF cheat sheet: "Verifying Origin With Standard Headers", "Fetch Metadata headers".
 */
export function csrfCheck(publicBaseUrl: string): (request: Pick<Exchange, 'method' | 'header'>, carriesSession: boolean) => void {
  const configured = publicBaseUrl === '' ? undefined : new URL(publicBaseUrl).origin;
  return (request, carriesSession) => {
    if (SAFE_METHODS.has(request.method)) return;
    const expected = configured ?? `http://${request.header('host') ?? ''}`;
    const origin = request.header('origin');
    const sameOrigin = origin === expected || (origin === undefined && request.header('sec-fetch-site') === 'same-origin');
    if (carriesSession) {
      if (!sameOrigin) throw refusal(`a request that changes something with a session cookie must come from ${expected}: send Origin: ${expected}`);
      if (!isJsonMediaType(request.header('content-type')))
        throw refusal('a request that changes something with a session cookie must be sent as Content-Type: application/json');
    } else if (origin !== undefined && !sameOrigin) {
      throw refusal(`a request from another origin (${origin}) may not change anything here; the service's origin is ${expected}`);
    }
  };
}

function refusal(message: string): HttpError {
  return new HttpError(403, 'forbidden', `cross-site request refused: ${message}`);
}

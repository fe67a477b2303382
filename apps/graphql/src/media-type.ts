import Negotiator from 'negotiator';

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/**
 * The media type of a GraphQL answer, as the client negotiated it with `Accept`: the
 * GraphQL-over-HTTP response type when the client prefers it, plain JSON otherwise (no Accept, or
 * `*\/*`). The same preference as Apollo's own answers, so a refusal before Apollo runs (no key, a
 * body too large, the rate limit) reads like any other GraphQL error to the same client.
 */
export function graphqlMediaType(accept: string | undefined): string {
  if (!accept) return JSON_TYPE;
  return new Negotiator({ headers: { accept } }).mediaType([JSON_TYPE, GRAPHQL_RESPONSE_TYPE]) ?? JSON_TYPE;
}

/**
 * Whether `Accept` prefers HTML to either JSON type, as Apollo decides to serve its landing page:
 * text/html listed last, so that a tie (`*\/*`) or no Accept at all goes to JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return new Negotiator({ headers: { accept } }).mediaType(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';
}

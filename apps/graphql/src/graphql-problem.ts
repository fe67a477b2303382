import type { ProblemShape } from '@petstore/http';
import { graphqlErrorShape } from './domain-errors.js';
import { graphqlMediaType } from './media-type.js';

/**
 * A request refused before Apollo runs it (no key, a body too large or too slow, an oversized
 * batch, the rate limit), shaped by the door's one error shaper in the GraphQL response shape and
 * the media type the client negotiated, so a GraphQL client reads it like any other error.
 */
export const graphqlProblem: ProblemShape = ({ body, headers }, exchange) => {
  const retryAfter = headers['Retry-After'];
  const failure = { code: body.code, message: body.message, retryAfter: retryAfter === undefined ? undefined : Number(retryAfter) };
  return { contentType: graphqlMediaType(exchange.header('accept')), body: { errors: [graphqlErrorShape(failure, 'request')] } };
};

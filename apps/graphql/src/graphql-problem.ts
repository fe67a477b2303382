import { ERROR_CODES, type ErrorCode } from '@petstore/domain';
import type { ProblemShape } from '@petstore/http';
import { GRAPHQL_FAILURE_BY_CODE } from './domain-errors.js';
import { graphqlMediaType } from './media-type.js';

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/**
 * A request refused before Apollo runs it (no key, a body too large or too slow, an oversized
 * batch, the rate limit), in the GraphQL response shape and the media type the client negotiated,
 * so a GraphQL client reads it like any other error. Nothing here is bad input to a field, so
 * invalid_request is Apollo's BAD_REQUEST.
 */
export const graphqlProblem: ProblemShape = ({ body, headers }, exchange) => {
  const code =
    body.code === 'invalid_request' ? 'BAD_REQUEST' : isErrorCode(body.code) ? GRAPHQL_FAILURE_BY_CODE[body.code].code : body.code.toUpperCase();
  const retryAfter = headers['Retry-After'];
  return {
    contentType: graphqlMediaType(exchange.req.headers.accept),
    body: { errors: [{ message: body.message, extensions: { code, ...(retryAfter !== undefined && { retryAfter: Number(retryAfter) }) } }] },
  };
};

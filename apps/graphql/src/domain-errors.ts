import { ApolloServerErrorCode } from '@apollo/server/errors';
import { HeaderMap } from '@apollo/server';
import { ERROR_CODES, isDomainError, type DomainError, type ErrorCode } from '@petstore/domain';
import { domainErrorHeaders } from '@petstore/http';
import { GraphQLError } from 'graphql';

interface GraphqlFailure {
  /** `extensions.code` of the GraphQL error. */
  code: string;
  /** HTTP status of the whole response, where the failure concerns the request rather than one field. */
  status?: number;
}

/** The one table from domain error code to GraphQL error; REST and tRPC keep their own. */
export const GRAPHQL_FAILURE_BY_CODE: Readonly<Record<ErrorCode, GraphqlFailure>> = {
  invalid_request: { code: ApolloServerErrorCode.BAD_USER_INPUT },
  unauthorized: { code: 'UNAUTHENTICATED', status: 401 },
  // A key without the scope an operation needs: the whole request is refused before anything runs.
  forbidden: { code: 'FORBIDDEN', status: 403 },
  // Only `pet(id:)` meets this, and answers null instead; kept so the table stays total.
  not_found: { code: 'NOT_FOUND' },
  gone: { code: 'GONE' },
  conflict: { code: 'CONFLICT' },
  rate_limited: { code: 'RATE_LIMITED', status: 429 },
  payload_too_large: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
  service_unavailable: { code: 'SERVICE_UNAVAILABLE', status: 503 },
  // Masked by maskInternalErrors like any unexpected error.
  internal_error: { code: ApolloServerErrorCode.INTERNAL_SERVER_ERROR, status: 500 },
};

/** A failure as a GraphQL client reads it: the message and the extensions of one error. */
export interface GraphqlErrorShape {
  message: string;
  extensions: { code: string; retryAfter?: number };
}

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/**
 * The door's one error shaper, for a field's failure and a whole request's refusal alike: the
 * code from the table above (a code the domain does not have, such as `unsupported_media_type`,
 * in capitals) and, when a retry may succeed, after how many seconds. Bad input refuses a whole
 * request as Apollo's own BAD_REQUEST does; on a field it is BAD_USER_INPUT.
 */
export function graphqlErrorShape(
  failure: { code: string; message: string; retryAfter?: number | undefined },
  scope: 'field' | 'request',
): GraphqlErrorShape {
  const { code, message, retryAfter } = failure;
  const graphqlCode =
    scope === 'request' && code === 'invalid_request' ? 'BAD_REQUEST' : isErrorCode(code) ? GRAPHQL_FAILURE_BY_CODE[code].code : code.toUpperCase();
  return { message, extensions: { code: graphqlCode, ...(retryAfter !== undefined && { retryAfter }) } };
}

/** A domain error met by a field, as the GraphQL error Apollo sends, with the status and headers it implies. */
export function toGraphqlError(error: DomainError): GraphQLError {
  const { status } = GRAPHQL_FAILURE_BY_CODE[error.code];
  const { message, extensions } = graphqlErrorShape({ code: error.code, message: error.message, retryAfter: error.retryAfterSeconds }, 'field');
  // HeaderMap keys are lower case.
  const headers = new HeaderMap(Object.entries(domainErrorHeaders(error)).map(([name, value]) => [name.toLowerCase(), value]));
  return new GraphQLError(message, {
    originalError: error,
    // Apollo lifts `http` out of the extensions into the response's status and headers.
    extensions: { ...extensions, http: { ...(status !== undefined && { status }), headers } },
  });
}

/** Runs a domain call, turning its DomainErrors into GraphQL errors; anything else is left to masking. */
export async function callDomain<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isDomainError(error) ? toGraphqlError(error) : error;
  }
}

import { ApolloServerErrorCode } from '@apollo/server/errors';
import { HeaderMap } from '@apollo/server';
import { isDomainError, type DomainError, type ErrorCode } from '@petstore/domain';
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

export function toGraphqlError(error: DomainError): GraphQLError {
  const failure = GRAPHQL_FAILURE_BY_CODE[error.code];
  const retryAfter = error.retryAfterSeconds;
  // HeaderMap keys are lower case.
  const headers = new HeaderMap(Object.entries(domainErrorHeaders(error)).map(([name, value]) => [name.toLowerCase(), value]));
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: {
      code: failure.code,
      ...(retryAfter !== undefined && { retryAfter }),
      // Apollo lifts `http` out of the extensions into the response's status and headers.
      http: { ...(failure.status !== undefined && { status: failure.status }), headers },
    },
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

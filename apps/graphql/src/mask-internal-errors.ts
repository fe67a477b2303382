import { ApolloServerErrorCode } from '@apollo/server/errors';
import { logUnexpected, type DoorDeps } from '@petstore/http';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';

export const INTERNAL_ERROR_MESSAGE = 'internal error';

/** Apollo's `formatError` option. */
export type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

/**
 * Apollo's `formatError`: errors nobody raised on purpose (no code, so Apollo calls them
 * INTERNAL_SERVER_ERROR) are logged once with their cause and shown only as "internal error",
 * so no driver text, stack or internal detail reaches a client.
 */
export function maskInternalErrors(logger: DoorDeps['logger']): FormatError {
  return (formatted, error) => {
    if (formatted.extensions?.['code'] !== ApolloServerErrorCode.INTERNAL_SERVER_ERROR) return formatted;
    const cause = error instanceof GraphQLError && error.originalError ? error.originalError : error;
    // Apollo gives formatError no request: the line has the field's path instead of the request id.
    logUnexpected(logger, cause, undefined, { door: 'graphql', path: formatted.path });
    return {
      message: INTERNAL_ERROR_MESSAGE,
      ...(formatted.locations && { locations: formatted.locations }),
      ...(formatted.path && { path: formatted.path }),
      extensions: { code: ApolloServerErrorCode.INTERNAL_SERVER_ERROR },
    };
  };
}

import { logUnexpected, type DoorDeps } from '@petstore/http';
import type { TRPCError } from '@trpc/server';
import type { IncomingMessage } from 'node:http';

/** Clients only see "internal error", so the real cause is logged here, once. */
export function logUnexpectedErrors(logger: DoorDeps['logger']) {
  return ({ error, path, req }: { error: TRPCError; path: string | undefined; req: IncomingMessage }): void => {
    if (error.code === 'INTERNAL_SERVER_ERROR') logUnexpected(logger, error.cause ?? error, req, { door: 'trpc', path });
  };
}

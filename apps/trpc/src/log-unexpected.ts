import type { DoorDeps } from '@petstore/http';
import type { TRPCError } from '@trpc/server';

/** Clients only see "internal error", so the real cause is logged here, once. */
export function logUnexpectedErrors(logger: DoorDeps['logger']) {
  return ({ error, path }: { error: TRPCError; path: string | undefined }): void => {
    if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path }, 'unexpected error');
  };
}

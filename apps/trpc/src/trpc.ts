import { initTRPC } from '@trpc/server';
import { DomainError, isDomainError } from '@petstore/domain';
import type { TrpcContext } from './context.js';
import { toTRPCError } from './error-mapping.js';
import { formatError } from './error-shape.js';
import type { ProcedureMeta } from './procedure-meta.js';

// No transformer: the wire stays plain JSON, so any HTTP client can call the door.
const t = initTRPC.context<TrpcContext>().meta<ProcedureMeta>().create({ errorFormatter: formatError });

export const router = t.router;

/**
 * Every pet procedure goes through here, one middleware for all it needs (tRPC copies a call's
 * options twice at each middleware, on every call). The key was checked (and each call of a batch
 * charged) by the envelope before the body was read; a call without a principal cannot get this
 * far through the door, and is refused should it ever. tRPC wraps whatever a procedure throws, so
 * a DomainError is found as the cause and re-raised with its own tRPC code; anything else stays
 * INTERNAL_SERVER_ERROR.
 */
export const protectedProcedure = t.procedure.use(async ({ ctx, next, path, meta }) => {
  const deprecated = meta?.deprecated === true;
  ctx.exchange.operation('trpc', path, { deprecated });
  // Each call of a batch in a span of its own; tRPC reports failures in the result.
  const result = await ctx.exchange.traced(
    path,
    { deprecated },
    async () => {
      const principal = ctx.exchange.principal;
      if (!principal) throw toTRPCError(new DomainError('unauthorized', 'missing API key: send "Authorization: Bearer <API_KEY>"'));
      return next({ ctx: { principal } });
    },
    (result) => (result.ok ? undefined : result.error),
  );
  if (!result.ok && isDomainError(result.error.cause)) throw toTRPCError(result.error.cause);
  return result;
});

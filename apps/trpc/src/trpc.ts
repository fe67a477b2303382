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
 * tRPC wraps whatever a procedure throws, so the DomainError is found as the cause and is
 * re-raised with its own tRPC code. Anything else stays INTERNAL_SERVER_ERROR.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) throw toTRPCError(result.error.cause);
  return result;
});

/**
 * Every pet procedure goes through here. The key was checked (and each call of a batch charged)
 * by the envelope before the body was read; a call without a principal cannot get this far
 * through the door, and is refused should it ever.
 */
export const protectedProcedure = t.procedure.use(domainErrors).use(async ({ ctx, next, path, meta }) => {
  const deprecated = meta?.deprecated === true;
  ctx.report.operation('trpc', path, { deprecated });
  // Each call of a batch in a span of its own; tRPC reports failures in the result.
  return ctx.report.traced(
    path,
    { deprecated },
    async () => {
      if (!ctx.principal) throw new DomainError('unauthorized', 'missing API key: send "Authorization: Bearer <API_KEY>"');
      return next({ ctx: { principal: ctx.principal } });
    },
    (result) => (result.ok ? undefined : result.error),
  );
});

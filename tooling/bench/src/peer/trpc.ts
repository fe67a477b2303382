import { initTRPC, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PET_STATUSES, type PetShelf } from '../pet-shelf.js';

const t = initTRPC.context<{ admitted: boolean }>().create();

/** As ours: one middleware on every pet procedure, refusing a call that has no key. */
const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.admitted) throw new TRPCError({ code: 'UNAUTHORIZED' });
  return next();
});

const listInput = z.object({ limit: z.number().int().min(1).max(100).optional(), status: z.enum(PET_STATUSES).optional() }).optional();

function peerRouter(shelf: PetShelf) {
  return t.router({ pets: t.router({ list: protectedProcedure.input(listInput).query(({ input }) => shelf.list(input?.limit, input?.status)) }) });
}

/** A router shaped like ours (`pets.list`) on tRPC's own fastify adapter, under /trpc. */
export async function trpcPeer(app: FastifyInstance, shelf: PetShelf): Promise<void> {
  const trpcOptions: FastifyTRPCPluginOptions<ReturnType<typeof peerRouter>>['trpcOptions'] = {
    router: peerRouter(shelf),
    createContext: ({ req }) => ({ admitted: req.admission.refusal === undefined }),
  };
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
}

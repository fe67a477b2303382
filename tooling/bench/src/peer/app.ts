import Fastify, { type FastifyInstance } from 'fastify';
import type { LeanEnvelope } from '../lean-envelope.js';
import type { PetShelf } from '../pet-shelf.js';
import { useLeanEnvelope } from './envelope.js';
import { graphqlPeer } from './graphql.js';
import { restPeer } from './rest.js';
import { trpcPeer } from './trpc.js';

/**
 * The peer stack (servers/peer.ts): what a user might pick instead of ours, every door on one
 * fastify server with the same lean envelope as L0 and the same pets: fastify itself for REST,
 * mercurius with graphql-jit for GraphQL, tRPC's own fastify adapter for tRPC.
 */
export async function buildPeer(envelope: LeanEnvelope, shelf: PetShelf): Promise<FastifyInstance> {
  // No logger of fastify's own: the envelope writes the one access line. tRPC's adapter asks for long parameters (batched paths).
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
  useLeanEnvelope(app, envelope);
  restPeer(app, shelf);
  await graphqlPeer(app, shelf);
  await trpcPeer(app, shelf);
  return app;
}

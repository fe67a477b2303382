import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApolloServer, HeaderMap } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import type { GatewayInterface, GatewaySchemaLoadOrUpdateCallback } from '@apollo/server-gateway-interface';
import Router from '@koa/router';
import { buildSchema, isObjectType, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import Koa from 'koa';
import type { LeanEnvelope } from '../lean-envelope.js';
import type { PetShelf, ShelfPet } from '../pet-shelf.js';
import { leanEnvelopeMiddleware, readJson } from './koa-envelope.js';

/** The service's own SDL (apps/graphql/src/schema.graphql). */
const SDL = readFileSync(fileURLToPath(import.meta.resolve('@petstore/graphql/schema.graphql')), 'utf8');

interface ListArgs {
  limit?: number;
  status?: string | null;
}

function shelfSchema(shelf: PetShelf): GraphQLSchema {
  const schema = buildSchema(SDL);
  const page = ({ limit = 20, status }: ListArgs) => {
    const found = shelf.list(limit + 1, status?.toLowerCase());
    const pets = found.slice(0, limit);
    return { pets, nextCursor: found.length > limit ? String(pets.at(-1)?.id) : null };
  };
  const query = schema.getQueryType();
  const petType = schema.getType('Pet');
  const fields = query?.getFields();
  if (!fields?.['pets'] || !fields['petsPage'] || !isObjectType(petType)) throw new Error('the SDL has no pets, petsPage or Pet');
  fields['pets'].resolve = (_root, args: ListArgs) => page(args).pets;
  fields['petsPage'].resolve = (_root, args: ListArgs) => page(args);
  const status = petType.getFields()['status'];
  // The schema's enum values are the statuses in capitals.
  if (status) status.resolve = (pet: ShelfPet) => pet.status?.toUpperCase();
  return schema;
}

/**
 * Apollo's documented hook for a custom executor (the `gateway` option), as the service's GraphQL
 * door uses it: Apollo parses, validates and runs its pipeline; graphql-jit runs the operation,
 * compiled once per document (Apollo's hash of its text).
 */
function jitGateway(schema: GraphQLSchema, sdl: string): GatewayInterface {
  const listeners = new Set<GatewaySchemaLoadOrUpdateCallback>();
  const compiled = new Map<string, CompiledQuery>();
  return {
    onSchemaLoadOrUpdate(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    async load() {
      for (const listener of listeners) listener({ apiSchema: schema, coreSupergraphSdl: sdl });
      return {
        executor: async (request) => {
          let query = compiled.get(request.queryHash);
          if (!query) {
            const made = compileQuery(schema, request.document, request.request.operationName ?? undefined);
            if (!isCompiledQuery(made)) return made;
            query = made;
            compiled.set(request.queryHash, query);
          }
          return query.query(undefined, request.context, request.request.variables);
        },
      };
    },
    async stop() {
      compiled.clear();
    },
  };
}

/**
 * Reference A0 (servers/a0.ts): Apollo Server 5 with graphql-jit through the `gateway` hook, its
 * reporting and cache-control plugins off, on bare Koa + @koa/router with L0's lean envelope,
 * answering the service's schema from the shelf. What Apollo Client's request costs on the
 * libraries the GraphQL door chose, with nothing of the service's in the way: the door's floor.
 */
export async function buildA0(envelope: LeanEnvelope, shelf: PetShelf): Promise<Koa> {
  const schema = shelfSchema(shelf);
  const server = new ApolloServer({
    gateway: jitGateway(schema, SDL),
    csrfPrevention: true,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
  await server.start();
  const router = new Router();
  router.post('/graphql', async (ctx) => {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(ctx.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const body = await readJson(ctx.req);
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers, search: ctx.querystring, body },
      context: async () => ({}),
    });
    for (const [name, value] of response.headers) ctx.set(name, value);
    ctx.status = response.status ?? 200;
    ctx.body = response.body.kind === 'complete' ? response.body.string : '';
  });
  const app = new Koa();
  app.use(leanEnvelopeMiddleware(envelope, '/graphql'));
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}

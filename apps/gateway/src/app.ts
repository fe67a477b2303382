import type Koa from 'koa';
import { graphqlOptionsFromConfig, mountGraphql } from '@petstore/graphql';
import { createBaseApp, type ExchangeState } from '@petstore/http';
import { mountRest } from '@petstore/rest';
import type { Runtime } from '@petstore/runtime';
import { mountTrpc } from '@petstore/trpc';

export type GatewayDeps = Runtime;

/** All doors on one Koa app over one service, so a pet added through any door is the same pet in the others. */
export async function buildGateway(deps: GatewayDeps): Promise<Koa<ExchangeState>> {
  const app = createBaseApp(deps);
  mountRest(app, deps);
  await mountGraphql(app, deps, graphqlOptionsFromConfig(deps.config));
  mountTrpc(app, deps);
  return app;
}

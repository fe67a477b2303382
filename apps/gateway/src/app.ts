import { graphqlOptionsFromConfig, mountGraphql } from '@petstore/graphql';
import { createBaseApp, requestListener } from '@petstore/http';
import { mountRest } from '@petstore/rest';
import type { Runtime, Service } from '@petstore/runtime';
import { mountTrpc } from '@petstore/trpc';

export type GatewayDeps = Runtime;

/**
 * All doors on one Koa app over one service, so a pet added through any door is the same pet in
 * the others. No side effects: the process starts (and stops) what needs it, Apollo, around listening.
 */
export function buildGateway(deps: GatewayDeps): Service {
  const app = createBaseApp(deps);
  mountRest(app, deps);
  const graphql = mountGraphql(app, deps, graphqlOptionsFromConfig(deps.config));
  mountTrpc(app, deps);
  return { listener: requestListener(app), ...graphql };
}

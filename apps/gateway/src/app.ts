import type Koa from 'koa';
import { createBaseApp, type DoorDeps } from '@petstore/http';
import { mountRest } from '@petstore/rest';

export interface GatewayDeps extends DoorDeps {
  ready(): Promise<boolean>;
}

/** All doors on one Koa app over one service, so a pet added through any door is the same pet in the others. */
export function buildGateway(deps: GatewayDeps): Koa {
  const app = createBaseApp({ logger: deps.logger, ready: deps.ready });
  mountRest(app, deps);
  return app;
}

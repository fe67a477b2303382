import { mountGraphqlFromConfig } from '@petstore/graphql';
import { MANAGE_OPENAPI_PATH, mountManage } from '@petstore/manage';
import { mountRest } from '@petstore/rest';
import { composeDoors, type DoorMount, type Runtime, type Service } from '@petstore/runtime';
import { mountTrpc } from '@petstore/trpc';
import { mountPortal } from './portal/mount-portal.js';

export type GatewayDeps = Runtime;

/** The REST door, whose /docs lists the management API's document beside /v1's. */
const mountRestListingManage: DoorMount = (app, runtime) =>
  mountRest(app, { ...runtime, otherDocuments: [{ url: MANAGE_OPENAPI_PATH, name: 'Management API (/manage/v1, beta)' }] });

/**
 * All doors on one Koa app over one service, so a pet added through any door is the same pet in
 * the others, the management API (/manage/v1) after the three pet doors, and the developer portal
 * (/portal), the management API's web page. No side effects: the process starts (and stops) what
 * needs it, Apollo, around listening.
 */
export function buildGateway(deps: GatewayDeps): Service {
  return composeDoors(deps, [mountRestListingManage, mountGraphqlFromConfig, mountTrpc, mountManage, mountPortal]);
}

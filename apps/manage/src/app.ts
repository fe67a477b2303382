import type { Clock, KeyManagement, PeopleService, UsageService } from '@petstore/domain';
import type { PasskeyService } from '@petstore/passkeys';
import { publishedDocument, stringifyJson, type DoorDeps, type Exchange, type HttpApp, type Route } from '@petstore/http';
import { admission } from './admission.js';
import type { Handler } from './call.js';
import { keyHandlers } from './handlers/key-handlers.js';
import { linkHandlers } from './handlers/link-handlers.js';
import { memberHandlers } from './handlers/member-handlers.js';
import { passkeyHandlers } from './handlers/passkey-handlers.js';
import { sessionHandlers, sessionStarter } from './handlers/session-handlers.js';
import { usageHandlers } from './handlers/usage-handlers.js';
import { mailingLimit } from './mail-limit.js';
import { ROUTES, type RoutedOperation } from './manage-routes.js';
import { manageOpenApiDocument } from './openapi/manage-document.js';
import { sessionCookie } from './session/session-cookie.js';

export type ManageDeps = Pick<DoorDeps, 'envelope' | 'logger' | 'publicBaseUrl' | 'publicOrigin'> & {
  people: PeopleService;
  passkeys: PasskeyService;
  keyManagement: KeyManagement;
  clock: Clock;
  usage: UsageService;
};

export const MANAGE_PREFIX = '/manage/v1';
export const MANAGE_OPENAPI_PATH = `${MANAGE_PREFIX}/openapi.json`;

/**
 * The management API under /manage/v1: each route of the door's table (manage-routes.ts), admitted
 * as the catalogue says who may call its operation (admission.ts), then its handler, which reads
 * the request through the exchange (the body under its one size limit and deadline, the route's
 * parameters, the query) and answers through its one writer. The session token travels in its
 * cookie alone (session/session-cookie.ts).
 */
export function manageRoutes(deps: ManageDeps): Route[] {
  const cookie = sessionCookie(deps.publicBaseUrl);
  const admit = admission({ people: deps.people, envelope: deps.envelope, cookie, publicBaseUrl: deps.publicBaseUrl });
  const now = () => deps.clock.now();
  const startSession = sessionStarter(cookie, now);
  // One budget per client for every operation that mails: sign-ups, reset requests and invitations.
  const chargeMailing = mailingLimit(deps.clock);
  // What each routed operation does once admitted; an operation of the table without one does not compile.
  const handlers: { readonly [Name in RoutedOperation]: Handler } = {
    ...sessionHandlers({ people: deps.people, cookie, startSession }),
    ...passkeyHandlers({ passkeys: deps.passkeys, startSession }),
    ...linkHandlers({ people: deps.people, cookie, chargeMailing }),
    ...memberHandlers({ people: deps.people, cookie, chargeMailing }),
    ...keyHandlers({ keys: deps.keyManagement, apiBase: () => `${deps.publicOrigin()}${MANAGE_PREFIX}` }),
    ...usageHandlers({ usage: deps.usage }),
  };

  const document = stringifyJson(manageOpenApiDocument(`${deps.publicBaseUrl}${MANAGE_PREFIX}`));
  return [
    // Served to anyone, as every route here is reached without a key: the API's description is public.
    { method: 'GET', template: '/openapi.json', handlers: [publishedDocument(document, 'application/json; charset=utf-8')] },
    ...ROUTES.map(({ method, template, name, operation }): Route => {
      const route = `${MANAGE_PREFIX}${template}`;
      const handler = handlers[name];
      const admitted = async (exchange: Exchange): Promise<void> => {
        exchange.routed(route);
        exchange.operation('manage', name);
        const call = await admit(exchange, operation);
        await exchange.traced(name, {}, () => handler(call));
      };
      return { method, template, handlers: [admitted] };
    }),
  ];
}

/**
 * Mounts the management door on an app: its routes under /manage/v1, 405 with `Allow` for other
 * methods on them, and 404 for other paths under the prefix, all through the exchange's writer and
 * in the contract's Error shape. No route needs an API key before it is routed: who may call each
 * operation (anyone, a session, a management key) is decided per operation, from the catalogue, as it
 * is admitted, where a key is checked and charged by the same envelope as at the pet doors.
 */
export function mountManage(app: HttpApp, deps: ManageDeps): void {
  app.mount(deps, { door: 'manage', prefix: MANAGE_PREFIX, routes: manageRoutes(deps), isPublic: () => true });
}

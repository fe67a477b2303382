import { doorTable, type OfferedBy, type OperationOn } from '@petstore/domain';
import { routesOf, type RouteMethod, type RouteOfOperation as RouteOf } from '@petstore/http';

/** The methods the door's routes use: every method a route can be declared with. */
export type ManageMethod = RouteMethod;

/** The management door's name for an operation: its method and route template under /manage/v1. */
export type ManageRoute = `${ManageMethod} /${string}`;

/**
 * The management door's table: each route under /manage/v1 and the catalogue operation it serves,
 * which is also its `operationId` in the door's OpenAPI document. Who may call each (anyone, a
 * session, a session or a management key) is the catalogue's; every operation of the manage surface is routed here or left out
 * with a reason.
 */
export const MANAGE_ROUTES = doorTable(
  'manage',
  {
    'POST /sign-up': 'signUp',
    'POST /verify-email': 'verifyEmail',
    'POST /sign-in': 'signIn',
    'POST /sign-out': 'signOut',
    'POST /sign-out-everywhere': 'signOutEverywhere',
    'POST /password-reset-requests': 'requestPasswordReset',
    'POST /password-resets': 'resetPassword',
    'POST /invitations/accept': 'acceptInvitation',
    'GET /session': 'getSession',
    'PUT /password': 'changePassword',
    'POST /passkeys/registration-options': 'startPasskeyRegistration',
    'POST /passkeys': 'finishPasskeyRegistration',
    'GET /passkeys': 'listPasskeys',
    'DELETE /passkeys/:passkeyId': 'deletePasskey',
    'POST /passkey-sign-in/options': 'startPasskeySignIn',
    'POST /passkey-sign-in': 'finishPasskeySignIn',
    'GET /members': 'listMembers',
    'DELETE /members/:personId': 'removeMember',
    'POST /invitations': 'inviteMember',
    'GET /invitations': 'listInvitations',
    'DELETE /invitations/:invitationId': 'revokeInvitation',
    'GET /sessions': 'listSessions',
    'DELETE /sessions/:sessionId': 'endSession',
    'GET /account': 'getAccount',
    'GET /keys': 'listKeys',
    'POST /keys': 'createKey',
    'GET /keys/:keyId': 'getKey',
    'PATCH /keys/:keyId': 'updateKey',
    'POST /keys/:keyId/roll': 'rollKey',
    'POST /keys/:keyId/revoke': 'revokeKey',
    'GET /audit-records': 'listAuditRecords',
    'GET /usage': 'getUsage',
    'GET /deprecation-report': 'getDeprecationReport',
  } satisfies Record<ManageRoute, OperationOn<'manage'>>,
  {},
);

/** The operations the door routes. */
export type RoutedOperation = OfferedBy<typeof MANAGE_ROUTES.names>;

/** A route of the door's table with its catalogue entry. */
export type RouteOfOperation = RouteOf<ManageMethod, RoutedOperation>;

/** Every route of the table, in the order written. */
export const ROUTES: readonly RouteOfOperation[] = routesOf<ManageMethod, RoutedOperation>(MANAGE_ROUTES.names);

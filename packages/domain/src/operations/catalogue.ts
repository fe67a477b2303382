import type { Scope } from '../auth/scopes.js';

/**
 * How settled an operation is (the contract's "Versioning" §3): `stable` keeps its shape for the
 * life of its version; `beta` and `experimental` may still change, and every door publishes that
 * where its clients read about the operation (docs/adding-an-operation.md says how).
 */
export type Stability = 'stable' | 'beta' | 'experimental';

/** An operation on its way out: every door says so, and from `sunset` on it answers `gone`. */
export interface Deprecation {
  /** When the deprecation was announced. */
  readonly since: Date;
  /** The instant from which the operation answers `gone`. */
  readonly sunset: Date;
  /** The catalogue operation that replaces it (REST links to its route). */
  readonly successor: string;
  /** What to do instead, in words a client of any door understands (the `gone` refusal says it). */
  readonly replacement: string;
}

/**
 * Which doors serve an operation: `pets`, the contract's operations, at REST (/v1), GraphQL and
 * tRPC; `manage`, the management API (people, sessions, keys), at /manage/v1 alone. Each door's
 * table covers the operations of its surface and no other.
 */
export type Surface = 'pets' | 'manage';

/**
 * Who may call an operation, and with what: `key`, an API key holding `scope` (every pet
 * operation); `anyone`, no credential at all (signing up, signing in, a one-time link); `session`,
 * a signed-in person's session cookie; `session-or-key`, either a session or a key holding `scope`
 * (the management API's key operations, for automation).
 */
export type Access =
  { readonly callers: 'key' | 'session-or-key'; readonly scope: Scope } | { readonly callers: 'anyone' | 'session'; readonly scope?: undefined };

export type Callers = Access['callers'];

/** What is true of an operation whatever door it arrives through. */
export type OperationFacts = Access & {
  readonly surface: Surface;
  /** What one call costs against the calling key's rate limit (a session's calls are not metered per key). */
  readonly cost: number;
  readonly stability: Stability;
  readonly deprecation?: Deprecation | undefined;
};

const GET_PET_DEPRECATION: Deprecation = {
  // The first release of /v1, which already deprecated it.
  since: new Date('2026-11-22T00:00:00Z'),
  sunset: new Date('2030-12-05T00:00:00Z'),
  successor: 'listPets',
  replacement: 'list pets with a status filter',
};

/**
 * Every operation the service offers, once. Each door maps its own names onto these (a REST route,
 * a GraphQL root field, a tRPC procedure, a management route) in a table the compiler checks
 * against the operations of its surface, so an operation added here does not compile until every
 * door of its surface serves it or says why it leaves it out.
 */
const FACTS = {
  listPets: { surface: 'pets', callers: 'key', scope: 'pets:read', cost: 1, stability: 'stable' },
  createPet: { surface: 'pets', callers: 'key', scope: 'pets:write', cost: 1, stability: 'stable' },
  getPet: { surface: 'pets', callers: 'key', scope: 'pets:read', cost: 1, stability: 'stable', deprecation: GET_PET_DEPRECATION },

  // The management API (/manage/v1): people and their sessions. New, so beta: each may still change.
  signUp: { surface: 'manage', callers: 'anyone', cost: 1, stability: 'beta' },
  verifyEmail: { surface: 'manage', callers: 'anyone', cost: 1, stability: 'beta' },
  signIn: { surface: 'manage', callers: 'anyone', cost: 1, stability: 'beta' },
  requestPasswordReset: { surface: 'manage', callers: 'anyone', cost: 1, stability: 'beta' },
  resetPassword: { surface: 'manage', callers: 'anyone', cost: 1, stability: 'beta' },
  acceptInvitation: { surface: 'manage', callers: 'anyone', cost: 1, stability: 'beta' },
  startPasskeySignIn: { surface: 'manage', callers: 'anyone', cost: 1, stability: 'beta' },
  finishPasskeySignIn: { surface: 'manage', callers: 'anyone', cost: 1, stability: 'beta' },
  signOut: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  signOutEverywhere: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  getSession: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  changePassword: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  startPasskeyRegistration: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  finishPasskeyRegistration: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  listPasskeys: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  deletePasskey: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },

  // The management API's keys (issue 28): for a signed-in person, or automation holding a management
  // key of the same account; `keys:manage` always comes with `keys:read` (see MANAGEMENT_SCOPES).
  getAccount: { surface: 'manage', callers: 'session-or-key', scope: 'keys:read', cost: 1, stability: 'beta' },
  listKeys: { surface: 'manage', callers: 'session-or-key', scope: 'keys:read', cost: 1, stability: 'beta' },
  getKey: { surface: 'manage', callers: 'session-or-key', scope: 'keys:read', cost: 1, stability: 'beta' },
  createKey: { surface: 'manage', callers: 'session-or-key', scope: 'keys:manage', cost: 1, stability: 'beta' },
  updateKey: { surface: 'manage', callers: 'session-or-key', scope: 'keys:manage', cost: 1, stability: 'beta' },
  rollKey: { surface: 'manage', callers: 'session-or-key', scope: 'keys:manage', cost: 1, stability: 'beta' },
  revokeKey: { surface: 'manage', callers: 'session-or-key', scope: 'keys:manage', cost: 1, stability: 'beta' },
  listAuditRecords: { surface: 'manage', callers: 'session-or-key', scope: 'keys:read', cost: 1, stability: 'beta' },
  // An account's people are its owners' to manage, in person: no key manages members.
  listMembers: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  inviteMember: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  removeMember: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  listSessions: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  endSession: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  // An owner's pending invitations, to see and withdraw (the domain's listInvitations, revokeInvitation).
  listInvitations: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  revokeInvitation: { surface: 'manage', callers: 'session', cost: 1, stability: 'beta' },
  // Usage metered per key (issue 29): the account's own calls, for its people or a key that reads keys.
  getUsage: { surface: 'manage', callers: 'session-or-key', scope: 'keys:read', cost: 1, stability: 'beta' },
  getDeprecationReport: { surface: 'manage', callers: 'session-or-key', scope: 'keys:read', cost: 1, stability: 'beta' },
} as const satisfies Record<string, OperationFacts>;

export type OperationName = keyof typeof FACTS;

/** The operations of one surface: what the tables of that surface's doors cover. */
export type OperationOn<S extends Surface> = { [Name in OperationName]: (typeof FACTS)[Name]['surface'] extends S ? Name : never }[OperationName];

/** An operation of the catalogue, with its name. */
export type Operation = OperationFacts & { readonly name: OperationName };

export const OPERATION_NAMES = Object.keys(FACTS) as OperationName[];

export const CATALOGUE: { readonly [Name in OperationName]: Operation } = Object.freeze(
  Object.fromEntries(OPERATION_NAMES.map((name) => [name, Object.freeze({ name, ...FACTS[name] })])) as Record<OperationName, Operation>,
);

export function isOperationName(text: string): text is OperationName {
  return Object.hasOwn(FACTS, text);
}

/** From its sunset instant on, a deprecated operation answers `gone`. */
export function isRemoved(operation: Operation, now: Date): operation is Operation & { readonly deprecation: Deprecation } {
  return operation.deprecation !== undefined && now.getTime() >= operation.deprecation.sunset.getTime();
}

/** The day (YYYY-MM-DD) a deprecated operation is removed, as the published documents write it. */
export function sunsetDay(deprecation: Deprecation): string {
  return deprecation.sunset.toISOString().slice(0, 10);
}

/**
 * The sentence the OpenAPI document and the SDL put in the description of an operation that is
 * not stable; the tRPC procedures say the same with a `@beta` or `@experimental` JSDoc tag.
 */
export const STABILITY_NOTES: { readonly [Level in Exclude<Stability, 'stable'>]: string } = {
  beta: 'Beta: it may still change in a minor release.',
  experimental: 'Experimental: it may change or be removed in any release.',
};

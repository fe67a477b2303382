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

/** What is true of an operation whatever door it arrives through. */
export interface OperationFacts {
  /** The scope a key must hold to call it. */
  readonly scope: Scope;
  /** What one call costs against the caller's rate limit. */
  readonly cost: number;
  readonly stability: Stability;
  readonly deprecation?: Deprecation | undefined;
}

const GET_PET_DEPRECATION: Deprecation = {
  // The first release of /v1, which already deprecated it.
  since: new Date('2026-11-22T00:00:00Z'),
  sunset: new Date('2030-12-05T00:00:00Z'),
  successor: 'listPets',
  replacement: 'list pets with a status filter',
};

/**
 * Every operation the service offers, once. Each door maps its own names onto these (a REST route,
 * a GraphQL root field, a tRPC procedure) in a table the compiler checks against this one, so an
 * operation added here does not compile until every door serves it or says why it leaves it out.
 */
const FACTS = {
  listPets: { scope: 'pets:read', cost: 1, stability: 'stable' },
  createPet: { scope: 'pets:write', cost: 1, stability: 'stable' },
  getPet: { scope: 'pets:read', cost: 1, stability: 'stable', deprecation: GET_PET_DEPRECATION },
} as const satisfies Record<string, OperationFacts>;

export type OperationName = keyof typeof FACTS;

/** An operation of the catalogue, with its name. */
export interface Operation extends OperationFacts {
  readonly name: OperationName;
}

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

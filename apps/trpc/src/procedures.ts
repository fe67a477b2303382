import type { AnyMutationProcedure, AnyQueryProcedure } from '@trpc/server';
import type { Scope } from '@petstore/domain';
import type { petsProcedures } from './pets-router.js';

type PetProcedures = typeof petsProcedures;
type TypeOf<P> = P extends AnyMutationProcedure ? 'mutation' : P extends AnyQueryProcedure ? 'query' : never;

/** What the door knows of a procedure before calling it: how it is called, the scope a key needs to call it, and whether it is deprecated. */
export interface ProcedureEntry {
  type: 'query' | 'mutation';
  scope: Scope;
  /** Reported as a deprecated call (metrics, traces), as the procedure's JSDoc and meta say. */
  deprecated?: true;
}

/**
 * The door's routing table: every procedure of the router by path. No public tRPC API lists a
 * router's procedures with their types; this one is checked against the router's types (every procedure present,
 * each with its own type and a scope), so it cannot drift from it, and it lets the door refuse an
 * unknown procedure or a wrong method before anything is read or charged, and a call the key may
 * not make before any call of the request runs.
 */
const TABLE = {
  'pets.list': { type: 'query', scope: 'pets:read' },
  'pets.page': { type: 'query', scope: 'pets:read' },
  'pets.create': { type: 'mutation', scope: 'pets:write' },
  'pets.get': { type: 'query', scope: 'pets:read', deprecated: true },
} as const satisfies { [K in keyof PetProcedures as `pets.${K & string}`]: { type: TypeOf<PetProcedures[K]>; scope: Scope; deprecated?: true } };

export const PROCEDURES: ReadonlyMap<string, ProcedureEntry> = new Map(Object.entries(TABLE));

/** The method each type is called with over HTTP (tRPC's own rule). */
export const METHOD_OF: Readonly<Record<ProcedureEntry['type'], 'GET' | 'POST'>> = { query: 'GET', mutation: 'POST' };

import type { AnyMutationProcedure, AnyQueryProcedure } from '@trpc/server';
import { doorTable, type Operation, type OperationOn } from '@petstore/domain';
import type { petsProcedures } from './pets-procedures.js';

type PetProcedures = typeof petsProcedures;
type TypeOf<P> = P extends AnyMutationProcedure ? 'mutation' : P extends AnyQueryProcedure ? 'query' : never;

/** What the door knows of a procedure before calling it: how it is called, and the catalogue operation it serves. */
export interface ProcedureEntry {
  type: 'query' | 'mutation';
  /** Its scope and cost, admitted by the envelope before any call of the request runs. */
  operation: Operation;
  /** Reported as a deprecated call (metrics, traces) when the catalogue deprecates its operation. */
  deprecated: boolean;
}

/**
 * The door's table: every procedure of the router by path, with how it is called and the
 * catalogue operation it serves. No public tRPC API lists a router's procedures with their types;
 * this one is checked against the router's types (every procedure present, each with its own
 * type), so it cannot drift from it, and every operation of the pets surface is mapped or left out
 * with a reason. It lets the door refuse an unknown procedure or a wrong method before anything is
 * read or charged, and a call the key may not make before any call of the request runs. The
 * procedures' JSDoc is written from the catalogue through it (procedure-docs.ts).
 */
export const PROCEDURE_TABLE = doorTable(
  'pets',
  {
    'pets.list': { operation: 'listPets', type: 'query' },
    'pets.page': { operation: 'listPets', type: 'query' },
    'pets.create': { operation: 'createPet', type: 'mutation' },
    'pets.get': { operation: 'getPet', type: 'query' },
  } satisfies { [K in keyof PetProcedures as `pets.${K & string}`]: { operation: OperationOn<'pets'>; type: TypeOf<PetProcedures[K]> } },
  {},
);

export const PROCEDURES: ReadonlyMap<string, ProcedureEntry> = new Map(
  Object.entries(PROCEDURE_TABLE.names).map(([path, { type }]) => {
    const operation = PROCEDURE_TABLE.operationOf(path);
    if (!operation) throw new Error(`${path} maps onto no operation`);
    return [path, { type, operation, deprecated: operation.deprecation !== undefined }];
  }),
);

/** The method each type is called with over HTTP (tRPC's own rule). */
export const METHOD_OF: Readonly<Record<ProcedureEntry['type'], 'GET' | 'POST'>> = { query: 'GET', mutation: 'POST' };

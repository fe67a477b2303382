import { CATALOGUE, type Operation, type OperationName, type OperationOn, type Surface } from './catalogue.js';

/** What a door's table maps one of its own names to: an operation of its surface, alone or beside what the door needs to know of it. */
export type DoorEntry<S extends Surface> = OperationOn<S> | { readonly operation: OperationOn<S> };

/** The catalogue operations a door's table maps some name of its own to. */
export type OfferedBy<Names> = Names[keyof Names] extends infer Entry
  ? Entry extends string
    ? Entry
    : Entry extends { readonly operation: infer Name extends string }
      ? Name
      : never
  : never;

/**
 * The operations of the door's surface that its table does not map, each of which the door must
 * name with the reason it leaves it out. Naming one the table maps does not compile either.
 */
export type Omissions<S extends Surface, Names> = { readonly [Name in Exclude<OperationOn<S>, OfferedBy<Names>>]: string } & {
  readonly [Name in OfferedBy<Names>]?: never;
};

/** A door's names for the operations of its surface, looked up by the door's own name. */
export interface DoorTable<S extends Surface, Names extends Record<string, DoorEntry<S>>> {
  readonly surface: S;
  /** The door's names and what each maps to, as written. */
  readonly names: Names;
  /** The operations the door leaves out, and why. */
  readonly omitted: Readonly<Partial<Record<OperationName, string>>>;
  /** The operation a door's name stands for; undefined for a name the door does not have. */
  operationOf: (doorName: string) => Operation | undefined;
}

/**
 * A door's table, checked by the compiler both ways against the operations of the door's surface
 * (`pets` for REST, GraphQL and tRPC; `manage` for the management API): a door name the door's own
 * types have is mapped onto an operation of that surface (each door states that with `satisfies`
 * against its own types: its routes, its generated resolver types, its router), and every
 * operation of the surface is either mapped or named in `omitted` with a reason. Adding an
 * operation to the catalogue therefore fails to compile at every door of its surface until the
 * door serves it or says why not; an operation of another surface does not compile in the table.
 */
export function doorTable<S extends Surface, const Names extends Record<string, DoorEntry<S>>>(
  surface: S,
  names: Names,
  omitted: Omissions<S, Names>,
): DoorTable<S, Names> {
  const byName = new Map<string, Operation>(
    Object.entries(names).map(([doorName, entry]) => [doorName, CATALOGUE[typeof entry === 'string' ? entry : entry.operation]]),
  );
  return { surface, names, omitted, operationOf: (doorName) => byName.get(doorName) };
}

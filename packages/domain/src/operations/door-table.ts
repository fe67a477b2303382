import { CATALOGUE, type Operation, type OperationName } from './catalogue.js';

/** What a door's table maps one of its own names to: a catalogue operation, alone or beside what the door needs to know of it. */
export type DoorEntry = OperationName | { readonly operation: OperationName };

/** The catalogue operations a door's table maps some name of its own to. */
export type OfferedBy<Names> = Names[keyof Names] extends infer Entry
  ? Entry extends OperationName
    ? Entry
    : Entry extends { readonly operation: infer Name extends OperationName }
      ? Name
      : never
  : never;

/**
 * The catalogue operations a door's table does not map, each of which the door must name with the
 * reason it leaves it out. Naming one the table maps does not compile either.
 */
export type Omissions<Names> = { readonly [Name in Exclude<OperationName, OfferedBy<Names>>]: string } & {
  readonly [Name in OfferedBy<Names>]?: never;
};

/** A door's names for the catalogue's operations, looked up by the door's own name. */
export interface DoorTable<Names extends Record<string, DoorEntry>> {
  /** The door's names and what each maps to, as written. */
  readonly names: Names;
  /** The operations the door leaves out, and why. */
  readonly omitted: Readonly<Partial<Record<OperationName, string>>>;
  /** The operation a door's name stands for; undefined for a name the door does not have. */
  operationOf: (doorName: string) => Operation | undefined;
}

/**
 * A door's table, checked by the compiler both ways: a door name the door's own types have is
 * mapped onto the catalogue (each door states that with `satisfies` against its own types: its
 * routes, its generated resolver types, its router), and every catalogue operation is either
 * mapped or named in `omitted` with a reason. Adding an operation to the catalogue therefore fails
 * to compile at every door until the door serves it or says why not.
 */
export function doorTable<const Names extends Record<string, DoorEntry>>(names: Names, omitted: Omissions<Names>): DoorTable<Names> {
  const byName = new Map<string, Operation>(
    Object.entries(names).map(([doorName, entry]) => [doorName, CATALOGUE[typeof entry === 'string' ? entry : entry.operation]]),
  );
  return { names, omitted, operationOf: (doorName) => byName.get(doorName) };
}

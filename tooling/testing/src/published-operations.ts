import { STABILITY_NOTES, sunsetDay, type Callers, type Operation, type Stability } from '@petstore/domain';

/** What a published document says of one operation, under the door's own name for it. */
export interface PublishedOperation {
  /** The door's name: an OpenAPI operationId, a GraphQL schema coordinate, a tRPC procedure path. */
  name: string;
  /** The scopes it says a key needs. */
  scopes: readonly string[];
  /**
   * Who it says may call the operation, where the document says so (the management API's
   * `security`: none for anyone, the session cookie for a session); the pet doors' documents say
   * it with a scope alone.
   */
  callers?: Callers | undefined;
  deprecated: boolean;
  /** Where it says when the operation is removed (a deprecation reason, an `x-sunset`): must hold the sunset day. */
  removal: string;
  /**
   * Each place where the document says how settled the operation is, and what it says there
   * (`x-stability`, the description, a JSDoc tag); saying nothing in a description means stable.
   */
  stability: Readonly<Record<string, Stability | undefined>>;
}

/** One door's published document, beside the door's table. */
export interface PublishedDocument {
  /** Its name, as the disagreements say it: `apps/rest/openapi/openapi.json`. */
  document: string;
  /** The names of the door's table, each of which the document must describe. */
  names: readonly string[];
  /** The catalogue operation a name of the door's table stands for. */
  operationOf: (name: string) => Operation | undefined;
  published: readonly PublishedOperation[];
}

/** What a description's text says of an operation's stability: a note of STABILITY_NOTES, or nothing (stable). */
export function stabilityInText(text: string): Stability {
  for (const [level, note] of Object.entries(STABILITY_NOTES)) if (text.includes(note)) return level as Stability;
  return 'stable';
}

/**
 * Every way a published document disagrees with the catalogue, each naming the document: an
 * operation the door serves that it does not describe, or one it describes that the door's table
 * does not map; callers, a scope, a deprecation, a sunset day or a stability other than the catalogue's.
 */
export function disagreementsWithCatalogue({ document, names, operationOf, published }: PublishedDocument): string[] {
  const found: string[] = [];
  const described = new Set(published.map(({ name }) => name));
  for (const name of names) if (!described.has(name)) found.push(`${document} does not describe ${name}`);
  for (const claim of published) {
    const operation = operationOf(claim.name);
    if (operation === undefined) {
      found.push(`${document} describes ${claim.name}, which the door's table does not map onto the catalogue`);
      continue;
    }
    const about = `${document}: ${claim.name} (${operation.name})`;
    if (claim.callers !== undefined && claim.callers !== operation.callers)
      found.push(`${about} says it may be called by ${claim.callers}, the catalogue by ${operation.callers}`);
    const scope = operation.scope ?? '';
    if (claim.scopes.join(' ') !== scope) found.push(`${about} says it needs [${claim.scopes.join(', ')}], the catalogue ${scope || 'no scope'}`);
    const { deprecation } = operation;
    if (claim.deprecated !== (deprecation !== undefined)) {
      found.push(
        claim.deprecated ? `${about} says it is deprecated, the catalogue does not` : `${about} does not say it is deprecated, as the catalogue does`,
      );
    }
    if (deprecation && !claim.removal.includes(sunsetDay(deprecation))) {
      found.push(`${about} does not say it is removed on ${sunsetDay(deprecation)}`);
    }
    for (const [place, stability] of Object.entries(claim.stability)) {
      if (stability !== operation.stability)
        found.push(`${about} says in its ${place} that it is ${stability ?? 'of no stability'}, the catalogue ${operation.stability}`);
    }
  }
  return found;
}

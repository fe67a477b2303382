import { DOOR_NAMES, type Door, type DoorName, type WireDoor } from './door.js';
import { graphqlDoor, graphqlWire } from './graphql-door.js';
import { restDoor, restWire } from './rest-door.js';
import { trpcDoor, trpcWire } from './trpc-door.js';

export * from './door.js';

const MAKERS: Record<DoorName, (baseUrl: string) => Door> = { rest: restDoor, graphql: graphqlDoor, trpc: trpcDoor };

/** The client of one door of the service at `baseUrl`. */
export function doorAt(baseUrl: string, name: DoorName): Door {
  return MAKERS[name](baseUrl);
}

/** The clients of all three doors, REST first. */
export function doorsAt(baseUrl: string): Door[] {
  return DOOR_NAMES.map((name) => doorAt(baseUrl, name));
}

/** How each door packs operations into one request, for the envelope suite. */
export const WIRE_DOORS: readonly WireDoor[] = [restWire, graphqlWire, trpcWire];

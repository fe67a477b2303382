import type { PetService } from '@petstore/domain';
import type { Logger } from 'pino';
import type { Envelope } from './envelope/envelope.js';

/** What every door needs from the process that hosts it. */
export interface DoorDeps {
  pets: PetService;
  /** The key check, body limits and cost every request of every door goes through. */
  envelope: Envelope;
  logger: Logger;
  /** Public origin the service is reached at, without a trailing slash; '' gives relative links. */
  publicBaseUrl: string;
}

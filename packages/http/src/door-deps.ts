import type { PetService } from '@petstore/domain';
import type { Logger } from 'pino';
import type { Envelope } from './envelope/envelope.js';
import type { HttpShell } from './shell/http-shell.js';

/** What every door needs from the process that hosts it. */
export interface DoorDeps {
  pets: PetService;
  /** The key check, body limits and cost every request of every door goes through. */
  envelope: Envelope;
  logger: Logger;
  /** Public origin the service is reached at, without a trailing slash; '' gives relative links. */
  publicBaseUrl: string;
  /** The process's HTTP shell, outermost in every app. */
  shell: HttpShell;
  /** Whether requests can be served now (the database answers, no shutdown has begun), for /readyz. */
  ready: () => Promise<boolean>;
}

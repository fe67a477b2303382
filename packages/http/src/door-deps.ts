import type { Authenticate, PetService } from '@petstore/domain';
import type { Logger } from 'pino';

/** What every door needs from the process that hosts it. */
export interface DoorDeps {
  pets: PetService;
  authenticate: Authenticate;
  logger: Logger;
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  /** Public origin the service is reached at, without a trailing slash; '' gives relative links. */
  publicBaseUrl: string;
}

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
  /** PUBLIC_BASE_URL, without a trailing slash; '' when unset (the documents then name relative servers). */
  publicBaseUrl: string;
  /**
   * The service's public origin, which every absolute URL it answers (Location, Link) starts with:
   * PUBLIC_BASE_URL, or in development `http://localhost:<port>`, the one origin the start-up output
   * names. A function: with PORT=0 the port is known only once the server listens.
   */
  publicOrigin: () => string;
  /** The process's HTTP shell, outermost in every app. */
  shell: HttpShell;
  /** Whether requests can be served now (the database answers, no shutdown has begun), for /readyz. */
  ready: () => Promise<boolean>;
}

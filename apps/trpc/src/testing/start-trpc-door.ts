import type { AccountService, KeyService, Clock, IdSource, PetService, PetStore } from '@petstore/domain';
import { composeDoors } from '@petstore/runtime';
import { startService } from '@petstore/service-kit';
import { mountTrpc } from '../app.js';
import { createPetstoreClient, type PetstoreClient } from '../client.js';
import type { CallShape } from './wire.js';

export interface TrpcDoorOptions {
  /** How `client` sends its calls: 'lone' (each a request of its own, `batch: false`) or 'batch' (as the client does by default). */
  clientShape?: CallShape;
  clock?: Clock;
  /** Replaces the embedded pet store, e.g. with one that fails. */
  store?: PetStore & IdSource;
  maxBodyBytes?: number;
  /** Origins allowed to call from a browser (PETSTORE_CORS_ORIGINS), comma-separated. */
  corsOrigins?: string;
  /** Operations per key per minute (PETSTORE_RATE_LIMIT); unlimited when absent. */
  rateLimit?: number;
}

export interface RunningTrpcDoor {
  baseUrl: string;
  apiKey: string;
  accounts: AccountService;
  /** The service's key service, to make keys as the operator does. */
  keys: KeyService;
  /** The service behind the door, to seed pets without going through it. */
  pets: PetService;
  client: PetstoreClient;
  /** Every line the service has logged so far, parsed (the access log's `request` lines included), read from its LOG_FILE. */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** The tRPC door alone, composed as the gateway composes its doors, on a free loopback port, over the embedded store. */
export async function startTrpcDoor(options: TrpcDoorOptions = {}): Promise<RunningTrpcDoor> {
  const { store } = options;
  const service = await startService((runtime) => composeDoors(runtime, [mountTrpc]), {
    env: {
      PETSTORE_RATE_LIMIT: String(options.rateLimit ?? 0),
      ...(options.maxBodyBytes !== undefined && { PETSTORE_MAX_BODY_BYTES: String(options.maxBodyBytes) }),
      ...(options.corsOrigins !== undefined && { PETSTORE_CORS_ORIGINS: options.corsOrigins }),
    },
    clock: options.clock,
    logs: true,
    ...(store && { stores: (opened) => ({ ...opened, pets: store, ids: store }) }),
  });
  return {
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
    accounts: service.runtime.accounts,
    keys: service.runtime.keys,
    pets: service.runtime.pets,
    client: createPetstoreClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, batch: options.clientShape !== 'lone' }),
    get logs() {
      return service.readLog();
    },
    close: service.close,
  };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AccountService,
  createAuthenticator,
  FixedWindowRateLimiter,
  PetService,
  systemClock,
  type Clock,
  type IdSource,
  type PetStore,
} from '@petstore/domain';
import { MemoryIdempotencyStore, MemoryKeyStore, MemoryPetStore } from '@petstore/memory';
import { DEFAULT_MAX_BODY_BYTES, requestListener } from '@petstore/http';
import { pino } from 'pino';
import { buildTrpcApp } from '../app.js';
import { createPetstoreClient, type PetstoreClient } from '../client.js';

export interface TrpcDoorOptions {
  clock?: Clock;
  /** Replaces the in-memory pet store, e.g. with one that fails. */
  store?: PetStore & IdSource;
  maxBodyBytes?: number;
  /** Requests per key per minute; unlimited when absent. */
  rateLimit?: number;
}

export interface RunningTrpcDoor {
  baseUrl: string;
  apiKey: string;
  accounts: AccountService;
  /** The service behind the door, to seed pets without going through it. */
  pets: PetService;
  client: PetstoreClient;
  /** Every line the door logged, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** Starts the tRPC door alone on a free loopback port, over the in-memory stores. */
export async function startTrpcDoor(options: TrpcDoorOptions = {}): Promise<RunningTrpcDoor> {
  const store = options.store ?? new MemoryPetStore();
  const keys = new MemoryKeyStore();
  const accounts = new AccountService({ keys, clock: systemClock });
  const account = await accounts.createAccount('trpc tests');
  const { key: apiKey } = await accounts.createKey(account.id);
  const clock = options.clock ?? systemClock;
  const pets = new PetService({ pets: store, ids: store, idempotency: new MemoryIdempotencyStore(clock), clock });
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });

  const app = buildTrpcApp({
    pets,
    authenticate: createAuthenticator(
      keys,
      options.rateLimit === undefined ? {} : { rateLimiter: new FixedWindowRateLimiter({ limit: options.rateLimit, windowSeconds: 60, clock }) },
    ),
    logger,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    publicBaseUrl: '',
  });
  const server = createServer(requestListener(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    apiKey,
    accounts,
    pets,
    client: createPetstoreClient({ baseUrl, apiKey }),
    logs,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

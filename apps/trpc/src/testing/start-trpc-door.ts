import type { AccountService, Clock, IdSource, PetService, PetStore } from '@petstore/domain';
import { startService } from '@petstore/service-kit';
import { buildTrpcApp } from '../app.js';
import { createPetstoreClient, type PetstoreClient } from '../client.js';
import type { CallPath } from './wire.js';

export interface TrpcDoorOptions {
  /**
   * Which path `client`'s calls take: 'direct' (each call a request of its own, answered without
   * tRPC's adapter) or 'adapter' (batched, as the client does by default). Batched by default.
   */
  clientPath?: CallPath;
  /** Every call through tRPC's adapter, lone ones too (see TrpcDoorOptions of app.ts). */
  adapterOnly?: boolean;
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
  /** The service behind the door, to seed pets without going through it. */
  pets: PetService;
  client: PetstoreClient;
  /** Every line the service logged, parsed (the access log's `request` lines included). */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** Starts the tRPC door alone on a free loopback port, as its main.ts runs it, over the embedded store. */
export async function startTrpcDoor(options: TrpcDoorOptions = {}): Promise<RunningTrpcDoor> {
  const logs: Record<string, unknown>[] = [];
  const { store } = options;
  const service = await startService((runtime) => buildTrpcApp(runtime, undefined, { adapterOnly: options.adapterOnly === true }).callback(), {
    env: {
      PETSTORE_RATE_LIMIT: String(options.rateLimit ?? 0),
      ...(options.maxBodyBytes !== undefined && { PETSTORE_MAX_BODY_BYTES: String(options.maxBodyBytes) }),
      ...(options.corsOrigins !== undefined && { PETSTORE_CORS_ORIGINS: options.corsOrigins }),
    },
    clock: options.clock,
    logSink: (line) => logs.push(line),
    ...(store && { stores: (opened) => ({ ...opened, pets: store, ids: store }) }),
  });
  return {
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
    accounts: service.runtime.accounts,
    pets: service.runtime.pets,
    client: createPetstoreClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, batch: options.clientPath !== 'direct' }),
    logs,
    close: service.close,
  };
}

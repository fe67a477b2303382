import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { AccountService, createAuthenticator, FixedWindowRateLimiter, PetService, systemClock, type Clock, type PetStore } from '@petstore/domain';
import { requestListener, type DoorDeps } from '@petstore/http';
import { MemoryIdempotencyStore, MemoryKeyStore, MemoryPetStore } from '@petstore/memory';
import { pino } from 'pino';
import { buildGraphqlApp } from '../app.js';
import type { GraphqlOptions } from '../graphql-options.js';

export interface TestDoorDeps {
  deps: DoorDeps;
  /** A valid key, made through the account service. */
  apiKey: string;
  /** Parsed JSON lines the door logged at error level. */
  logged: Array<Record<string, unknown>>;
}

export interface TestDoorSetup {
  /** Replaces the memory store, e.g. with one that fails. */
  store?: PetStore;
  maxBodyBytes?: number;
  publicBaseUrl?: string;
  /** The service's clock, e.g. one past the sunset of `pet(id:)`. */
  clock?: Clock;
  /** Requests per key per minute; unlimited when absent. */
  rateLimit?: number;
}

/** A door's dependencies over the embedded store, with a real key and a log the test can read. */
export async function testDoorDeps(setup: TestDoorSetup = {}): Promise<TestDoorDeps> {
  const memory = new MemoryPetStore();
  const keys = new MemoryKeyStore();
  const accounts = new AccountService({ keys, clock: systemClock });
  const account = await accounts.createAccount('graphql tests');
  const { key } = await accounts.createKey(account.id);
  const logged: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const deps: DoorDeps = {
    pets: new PetService({
      pets: setup.store ?? memory,
      ids: memory,
      idempotency: new MemoryIdempotencyStore(setup.clock ?? systemClock),
      clock: setup.clock ?? systemClock,
    }),
    authenticate: createAuthenticator(
      keys,
      setup.rateLimit === undefined
        ? {}
        : { rateLimiter: new FixedWindowRateLimiter({ limit: setup.rateLimit, windowSeconds: 60, clock: systemClock }) },
    ),
    logger: pino({ level: 'error' }, sink),
    maxBodyBytes: setup.maxBodyBytes ?? 16 * 1024,
    publicBaseUrl: setup.publicBaseUrl ?? '',
  };
  return { deps, apiKey: key, logged };
}

export interface Listening {
  origin: string;
  close(): Promise<void>;
}

/** Serves a request listener on a free loopback port. */
export async function listen(handler: RequestListener): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export interface TestGraphql extends Listening, Omit<TestDoorDeps, 'deps'> {
  /** Full URL of the /graphql endpoint. */
  url: string;
}

export interface TestGraphqlSetup extends TestDoorSetup {
  options?: GraphqlOptions;
}

/** The GraphQL door alone (buildGraphqlApp), as its main.ts runs it. */
export async function startGraphql(setup: TestGraphqlSetup = {}): Promise<TestGraphql> {
  const { deps, apiKey, logged } = await testDoorDeps(setup);
  const listening = await listen(requestListener(buildGraphqlApp(deps, setup.options)));
  return { ...listening, url: `${listening.origin}/graphql`, apiKey, logged };
}

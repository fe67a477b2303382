import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { AccountService, createAuthenticator, PetService, systemClock, type PetStore } from '@petstore/domain';
import { MemoryKeyStore, MemoryPetStore } from '@petstore/memory';
import { pino } from 'pino';
import { buildGraphqlApp } from '../app.js';
import type { GraphqlOptions } from '../graphql-options.js';

export interface TestGraphql {
  /** Full URL of the /graphql endpoint. */
  url: string;
  origin: string;
  apiKey: string;
  /** Parsed JSON lines the door logged at error level. */
  logged: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface TestGraphqlSetup {
  options?: GraphqlOptions;
  /** Replaces the memory store, e.g. with one that fails. */
  store?: PetStore;
  maxBodyBytes?: number;
  publicBaseUrl?: string;
}

/** The GraphQL door alone on a loopback port, over the embedded store, with a real API key. */
export async function startGraphql(setup: TestGraphqlSetup = {}): Promise<TestGraphql> {
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
  const app = buildGraphqlApp(
    {
      pets: new PetService({ pets: setup.store ?? memory, ids: memory, clock: systemClock }),
      authenticate: createAuthenticator(keys),
      logger: pino({ level: 'error' }, sink),
      maxBodyBytes: setup.maxBodyBytes ?? 16 * 1024,
      publicBaseUrl: setup.publicBaseUrl ?? '',
    },
    setup.options,
  );
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/graphql`,
    origin,
    apiKey: key,
    logged,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

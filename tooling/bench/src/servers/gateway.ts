#!/usr/bin/env node
import { PetService } from '@petstore/domain';
import { buildGateway } from '@petstore/gateway';
import { requestListener } from '@petstore/http';
import { MemoryPetStore } from '@petstore/memory';
import { createRuntime, loadConfig, serve, type Runtime } from '@petstore/runtime';
import { benchPet, LIST_SIZE } from '../pets.js';
import { collectGarbage, serveUntilStopped, type ReadyMessage } from './ipc.js';

/**
 * The real gateway, wired as `npm start` wires it (config from the environment the bench gives,
 * then createRuntime and buildGateway), holding BENCH_PETS pets.
 *
 * With BENCH_DIRECT_SEED=1 (the embedded store only) the pets are inserted straight into a
 * MemoryPetStore before the server starts, which seeds a million pets in seconds and lets the
 * heap be measured around the store alone; the runtime's pet service is then rebuilt over it.
 */
const count = Number(process.env['BENCH_PETS'] ?? LIST_SIZE);
const direct = process.env['BENCH_DIRECT_SEED'] === '1';

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
let runtime: Runtime = await createRuntime(config);
const ready: ReadyMessage = { type: 'ready', port: 0, pets: count };

const started = performance.now();
if (direct) {
  if (runtime.store !== 'memory') throw new Error('BENCH_DIRECT_SEED needs the embedded store');
  const measured = collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const store = new MemoryPetStore();
  for (let n = 1; n <= count; n += 1) await store.insert({ id: await store.next(), ...benchPet(n) });
  if (measured) {
    collectGarbage();
    ready.heapBytesPerPet = (process.memoryUsage().heapUsed - before) / count;
  }
  runtime = { ...runtime, pets: new PetService({ pets: store, ids: store, clock: runtime.clock }) };
  ready.petId = 1;
} else {
  for (let n = 1; n <= count; n += 1) {
    const pet = await runtime.pets.create(benchPet(n));
    ready.petId ??= pet.id;
  }
}
ready.seedMs = performance.now() - started;
ready.apiKey = runtime.devKey?.key ?? (await issueKey(runtime));

const app = await buildGateway(runtime);
const running = await serve(requestListener(app), runtime);
ready.port = running.port;
serveUntilStopped(ready, running.close);

async function issueKey(rt: Runtime): Promise<string> {
  const account = await rt.accounts.createAccount('bench');
  return (await rt.accounts.createKey(account.id)).key;
}

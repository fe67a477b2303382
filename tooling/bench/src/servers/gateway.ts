#!/usr/bin/env node
import { operatorOn, systemClock } from '@petstore/domain';
import { buildGateway } from '@petstore/gateway';
import { createRuntime, loadConfig, memoryStores, serve, type Runtime } from '@petstore/runtime';
import { benchPet, LIST_SIZE } from '../pets.js';
import { seedMeasured } from '../store-heap.js';
import { serveUntilStopped, type ReadyMessage } from './ipc.js';

/**
 * The real gateway, wired as `npm start` wires it (config from the environment the bench gives,
 * then createRuntime and buildGateway), holding BENCH_PETS pets.
 *
 * With BENCH_DIRECT_SEED=1 (the embedded store only) the pets are inserted straight into a
 * MemoryPetStore before the server starts, which seeds a million pets in seconds and lets the
 * heap be measured around the store alone; the runtime is then created over it, wired as any other.
 */
const count = Number(process.env['BENCH_PETS'] ?? LIST_SIZE);
const direct = process.env['BENCH_DIRECT_SEED'] === '1';

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const ready: ReadyMessage = { type: 'ready', port: 0, pets: count };

let runtime: Runtime;
if (direct) {
  if (config.MONGODB_URI) throw new Error('BENCH_DIRECT_SEED needs the embedded store');
  const { store, seedMs, heapBytesPerPet, nameBytesPerPet } = await seedMeasured(count);
  if (!Number.isNaN(heapBytesPerPet)) Object.assign(ready, { heapBytesPerPet, nameBytesPerPet });
  runtime = await createRuntime(config, { stores: memoryStores(systemClock, store) });
  ready.petId = 1;
  ready.seedMs = seedMs;
} else {
  runtime = await createRuntime(config);
  const started = performance.now();
  for (let n = 1; n <= count; n += 1) {
    const pet = await runtime.pets.create(benchPet(n));
    ready.petId ??= pet.id;
  }
  ready.seedMs = performance.now() - started;
}
ready.apiKey = runtime.devKey?.key ?? (await issueKey(runtime));

const running = await serve(buildGateway(runtime), runtime);
ready.port = running.port;
serveUntilStopped(ready, running.close);

async function issueKey(rt: Runtime): Promise<string> {
  const account = await rt.accounts.createAccount('bench');
  return (await rt.keys.createKey(operatorOn(account.id))).key;
}

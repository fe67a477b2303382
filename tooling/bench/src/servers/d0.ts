#!/usr/bin/env node
import { connectD0Client, listPets, seededPets, serveD0 } from '../d0-client.js';

/**
 * Baseline D0: node:http and the official driver alone, running the list query every door's
 * MongoDB store runs (d0-client.ts's `listPets`) and answering JSON. Its database holds the same
 * 20 pets, stored as the MongoDB adapter stores them (int64 ids). The driver's default client
 * options, unless BENCH_CLIENT_OPTIONS=service (the baseline `mongodb.d0.service`: the same
 * server with the service's client options).
 */
const client = await connectD0Client(process.env);
const pets = await seededPets(client);

await serveD0(client.client, 200, () => listPets(pets));

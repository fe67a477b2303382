#!/usr/bin/env node
import { Long } from 'mongodb';
import { connectD0Client, serveD0 } from '../d0-client.js';
import { benchPet, LIST_SIZE } from '../pets.js';

/**
 * Baseline D0: node:http and the official driver alone, running the list query every door's
 * MongoDB store runs (`find({}).sort({_id: 1}).limit(21)` on `pets`) and answering JSON.
 * Its database holds the same 20 pets, stored as the MongoDB adapter stores them (int64 ids).
 * The driver's default client options, unless BENCH_CLIENT_OPTIONS=service (the baseline
 * `mongodb.d0.service`: the same server with the service's client options).
 */

interface PetRow {
  _id: number;
  name: string;
  categoryId: number;
  status?: string;
}

const { client, dbName } = await connectD0Client(process.env);
const pets = client.db(dbName).collection<PetRow>('pets');
if ((await pets.countDocuments({})) === 0) {
  await pets.insertMany(
    Array.from({ length: LIST_SIZE }, (_, i) => {
      const pet = benchPet(i + 1);
      return { _id: Long.fromNumber(i + 1), name: pet.name, categoryId: Long.fromNumber(pet.categoryId), status: pet.status } as never;
    }),
  );
}

await serveD0(client, 200, async () => {
  const rows = await pets
    .find({})
    .sort({ _id: 1 })
    .limit(LIST_SIZE + 1)
    .toArray();
  return rows.slice(0, LIST_SIZE).map((row) => ({ id: row._id, name: row.name, categoryId: row.categoryId, status: row.status }));
});

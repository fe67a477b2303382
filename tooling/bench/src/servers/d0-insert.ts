#!/usr/bin/env node
import type { IncomingMessage } from 'node:http';
import { Long } from 'mongodb';
import { connectD0Client, nextPetId, serveD0, type PetRow } from '../d0-client.js';

/**
 * Baseline D0 insert: node:http and the official driver alone, inserting the posted pet with
 * `insertOne` into `pets` as the MongoDB adapter stores it (int64 id and category) and answering
 * 201 with it. The bench runs it with the service's client options (BENCH_CLIENT_OPTIONS=service),
 * so each write asks for what a create asks for: majority with journaling. No key check, no id
 * blocks, no rate limit: beside `mongodb.rest.create` it tells the database's share of a create's
 * latency, its tail above all, from the service's.
 */
interface PetBody {
  name: string;
  categoryId: number;
  status?: string;
}

const client = await connectD0Client(process.env);
const pets = client.client.db(client.dbName).collection<PetRow>('pets');
let nextId = await nextPetId(pets);

async function readJson(req: IncomingMessage): Promise<PetBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as PetBody;
}

await serveD0(client.client, 201, async (req) => {
  const { name, categoryId, status } = await readJson(req);
  const id = nextId++;
  await pets.insertOne({ _id: Long.fromNumber(id), name, categoryId: Long.fromNumber(categoryId), ...(status !== undefined && { status }) });
  return { id, name, categoryId, status };
});

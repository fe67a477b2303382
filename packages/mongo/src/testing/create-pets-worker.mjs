// One of several processes creating pets at once on one database (see two-processes.test.ts).
// It imports the built packages, as a deployed instance would.
import process from 'node:process';
import { PetService, systemClock } from '@petstore/domain';
import { connectMongo } from '@petstore/mongo';

const [uri = '', dbName = '', count = '0', idBlockSize = '1000'] = process.argv.slice(2);
// About ids, not time: 500 creates at once may queue past the default bound on a loaded machine.
const mongo = await connectMongo({ uri, dbName, idBlockSize: Number(idBlockSize), timeoutMS: 30_000 });
const service = new PetService({ pets: mongo.pets, ids: mongo.ids, clock: systemClock });

// Every worker connects first and waits for the word, so that their creates really overlap.
const go = new Promise((resolve) => process.once('message', resolve));
process.send?.({ ready: true });
await go;

const pets = await Promise.all(
  Array.from({ length: Number(count) }, (_, i) => service.create({ name: `pet ${process.pid}-${i}`, categoryId: i + 1 })),
);
process.send?.({ ids: pets.map((pet) => pet.id) });
await mongo.close();
process.disconnect?.();

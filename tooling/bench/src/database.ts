import { FERRETDB_VERSION, startFerretDB, type TestDatabaseServer } from '@petstore/testdb';
import { MongoClient } from 'mongodb';
import { log } from './log.js';
import type { TargetSpec } from './target-spec.js';

export interface MongoTarget {
  uri: string | undefined;
  ferret: TestDatabaseServer | undefined;
  description: string;
}

/** MONGODB_URI when set; else FerretDB started for the run; else why the MongoDB targets cannot run. */
export async function openMongo(targets: TargetSpec[], cleanups: (() => Promise<void>)[]): Promise<MongoTarget> {
  if (!targets.some((t) => t.store === 'mongodb')) return { uri: undefined, ferret: undefined, description: 'not run (BENCH_ONLY)' };
  const given = process.env['MONGODB_URI']?.trim();
  if (given) {
    cleanups.push(() => dropBenchDatabases(given));
    return { uri: given, ferret: undefined, description: 'the server at MONGODB_URI (not pinned)' };
  }
  log('starting FerretDB (the test database; built once into ~/.cache/petstore when missing)');
  try {
    const ferret = await startFerretDB((line) => log(`  ${line}`));
    cleanups.push(() => ferret.dispose());
    return { uri: ferret.uri, ferret, description: `FerretDB ${FERRETDB_VERSION} (SQLite backend), started by the bench` };
  } catch (error) {
    return {
      uri: undefined,
      ferret: undefined,
      description: `not measured: FerretDB could not start (${String(error).split('\n')[0]}); set MONGODB_URI`,
    };
  }
}

/** Drops the databases a run made on a MongoDB it did not start (named bench_<run>_<target>). */
export async function dropBenchDatabases(uri: string): Promise<void> {
  const client = await new MongoClient(uri, { serverSelectionTimeoutMS: 5000 }).connect();
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) if (/^bench_[a-z0-9]+_/.test(name)) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

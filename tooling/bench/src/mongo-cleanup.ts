import { MongoClient } from 'mongodb';

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

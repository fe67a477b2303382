import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasGo } from './ferretdb-build.js';
import { startFerretDB, type TestDatabaseServer } from './ferretdb-server.js';

const ping = async (uri: string): Promise<boolean> => {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1000 });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
};

// The fault tests stop and restart the database under load; this is the mechanism they rely on.
describe.skipIf(!(await hasGo()) && !process.env['CI'])('startFerretDB', () => {
  let server: TestDatabaseServer;
  beforeAll(async () => {
    server = await startFerretDB();
  }, 600_000);
  afterAll(async () => {
    await server.dispose();
  });

  it('serves a MongoDB wire-protocol server on a loopback port', async () => {
    expect(server.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await ping(server.uri)).toBe(true);
  });

  it('stops like an outage and comes back on the same port with the same data', async () => {
    const client = new MongoClient(server.uri);
    await client
      .db('t')
      .collection('c')
      .insertOne({ _id: 'kept' } as never);
    await client.close();
    await server.stop();
    expect(await ping(server.uri)).toBe(false);
    await server.start();
    const again = new MongoClient(server.uri);
    expect(
      await again
        .db('t')
        .collection('c')
        .findOne({ _id: 'kept' } as never),
    ).toEqual({ _id: 'kept' });
    await again.close();
  });
});

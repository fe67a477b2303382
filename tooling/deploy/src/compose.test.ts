import type {} from './testing/global-setup.js';
import { freePort } from '@petstore/testdb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { composeProject, type ComposeProject } from './testing/compose.js';

const images = inject('images');
const tools = inject('pythonTools');

describe.skipIf(!images || !tools)('compose.yaml, with FerretDB for MongoDB (compose.test.yaml)', () => {
  let compose: ComposeProject;
  let account: string;
  let key: string;
  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${key}` });
  const newKey = async (): Promise<string> =>
    (JSON.parse(await compose.exec('gateway-1', ['petstore', 'keys', 'create', '--account', account, '--json'])) as { key: string }).key;

  beforeAll(async () => {
    compose = await composeProject(tools?.podmanCompose ?? '', {
      PETSTORE_IMAGE: images?.petstore ?? '',
      PETSTORE_FERRETDB_IMAGE: images?.ferretdb ?? '',
      PETSTORE_PORT_1: String(await freePort()),
      PETSTORE_PORT_2: String(await freePort()),
    });
    await compose.up();
    // docs/deployment.md's commands: an account, then a key, with the CLI inside a gateway container.
    account = (JSON.parse(await compose.exec('gateway-1', ['petstore', 'accounts', 'create', '--name', 'Compose test', '--json'])) as { id: string })
      .id;
    key = await newKey();
  });
  afterAll(async () => {
    await compose?.down();
  });

  it('serves a key made with the CLI through both gateway instances, on one database', async () => {
    const [one, two] = compose.urls;
    const created = await fetch(`${one}/v1/pets`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Seen by both', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const listed = await fetch(`${two}/v1/pets`, { headers: auth() });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { id: number }[]).map((pet) => pet.id)).toContain(id);
  });

  it('spends one rate budget across both instances', async () => {
    // compose.test.yaml sets PETSTORE_RATE_LIMIT=40 for a day-long window: leases of one operation.
    const fresh = { Authorization: `Bearer ${await newKey()}` };
    const statuses = new Map<string, number[]>();
    for (let n = 0; n < 60; n += 1) {
      const url = compose.urls[n % 2] ?? '';
      const response = await fetch(`${url}/v1/pets?limit=1`, { headers: fresh });
      await response.arrayBuffer();
      statuses.set(url, [...(statuses.get(url) ?? []), response.status]);
    }
    const all = [...statuses.values()].flat();
    expect(all.filter((status) => status === 200)).toHaveLength(40);
    expect(all.filter((status) => status === 429)).toHaveLength(20);
    for (const [, seen] of statuses) expect(seen).toContain(200);
  });

  it('serves /metrics on the internal port to the other containers, not on the published one', async () => {
    const published = await fetch(`${compose.urls[0]}/metrics`);
    expect(published.status).toBe(404);
    const script = "fetch('http://gateway-2:9464/metrics').then(async (r) => console.log(r.status, await r.text()))";
    const internal = await compose.exec('gateway-1', ['node', '-e', script]);
    expect(internal).toMatch(/^200 /);
    expect(internal).toContain('petstore_http_requests_total');
  });
});

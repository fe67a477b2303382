import { operatorOn } from '@petstore/domain';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniqueName } from '@petstore/testing';
import { createRuntime, loadConfig } from '@petstore/runtime';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { doorAt, DOOR_NAMES, type DoorName } from '../testing/doors/doors.js';
import { spawnGateway, type GatewayProcess } from './testing/gateway-process.js';
import { SPAN_KIND, STATUS_CODE, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './testing/otlp-receiver.js';

const mongodbUri = inject('mongodbUri');
const DEV_KEY = 'psk_tracing_dev_key_0123456789abcdef';

interface CallerTrace {
  traceId: string;
  parentId: string;
  headers: Record<string, string>;
}

/** What an upstream service that traces would send: a fresh trace, sampled, with vendor state. */
function callerTrace(): CallerTrace {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  return { traceId, parentId, headers: { traceparent: `00-${traceId}-${parentId}-01`, tracestate: 'caller=7' } };
}

const SERVER_SPAN: Record<DoorName, { name: string; route: string; status: number }> = {
  rest: { name: 'REST createPet', route: '/v1/pets', status: 201 },
  graphql: { name: 'GraphQL addPet', route: '/graphql', status: 200 },
  trpc: { name: 'tRPC pets.create', route: '/trpc/:procedures', status: 200 },
};
const OPERATION_SPAN: Record<DoorName, string> = { rest: 'createPet', graphql: 'mutation addPet', trpc: 'pets.create' };

/** Starts a gateway process with tracing on, its store ready and a key to call it with. */
async function tracedGateway(mongodb: string | null, receiver: OtlpReceiver, env: Record<string, string> = {}) {
  const store: Record<string, string> = mongodb
    ? // Every key check asks the database, so each request's trace shows its lookup.
      { MONGODB_URI: mongodb, MONGODB_DB: uniqueName('petstore_trace'), PETSTORE_KEY_CACHE_SECONDS: '0' }
    : { PETSTORE_DEV_API_KEY: DEV_KEY };
  let apiKey = DEV_KEY;
  if (mongodb) {
    // Made as an operator would, through the account service over the same database.
    const admin = await createRuntime(loadConfig({ ...store, LOG_LEVEL: 'silent' }));
    try {
      apiKey = (await admin.keys.createKey(operatorOn((await admin.accounts.createAccount('tracing')).id))).key;
    } finally {
      await admin.close();
    }
  }
  const gateway = await spawnGateway({
    ...store,
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_SERVICE_NAME: 'petstore-under-test',
    ...env,
  });
  return { gateway, apiKey };
}

function accessLog(gateway: GatewayProcess): Array<Record<string, unknown>> {
  return gateway
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line['msg'] === 'request');
}

describe.each([
  { store: 'the embedded store', mongodb: null },
  { store: 'MongoDB', mongodb: mongodbUri },
])('tracing on $store', ({ store, mongodb }) => {
  const onMongo = store === 'MongoDB';
  let receiver: OtlpReceiver;
  let gateway: GatewayProcess;
  let apiKey: string;
  const callers: Partial<Record<DoorName, CallerTrace>> = {};
  let spans: ReceivedSpan[] = [];

  beforeAll(async () => {
    if (onMongo && !mongodb) return;
    receiver = await startOtlpReceiver();
    ({ gateway, apiKey } = await tracedGateway(mongodb, receiver));
    for (const door of DOOR_NAMES) {
      const caller = callerTrace();
      callers[door] = caller;
      const created = await doorAt(gateway.baseUrl, door).create({ key: apiKey }, { name: `Traced ${door}`, categoryId: 1 }, caller.headers);
      expect(created.status, door).toBe(SERVER_SPAN[door].status);
    }
    // A shutdown sends the spans still batched: after it, the receiver has them all.
    await gateway.stop();
    expect(await gateway.exited).toBe(0);
    spans = receiver.spans();
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop();
    await receiver?.close();
  });

  const trace = (door: DoorName) => spans.filter((span) => span.traceId === callers[door]?.traceId);

  it.skipIf(onMongo && !mongodb).each(DOOR_NAMES)('continues the caller’s trace through %s: door span, operation span, database spans', (door) => {
    const caller = callers[door];
    const inTrace = trace(door);
    const server = inTrace.find((span) => span.kind === SPAN_KIND.server);
    expect(server, `server span of ${door}`).toBeDefined();
    if (!server || !caller) return;
    expect(server).toMatchObject({ name: SERVER_SPAN[door].name, parentSpanId: caller.parentId, traceState: 'caller=7' });
    expect(server.attributes).toMatchObject({
      'http.route': SERVER_SPAN[door].route,
      'http.response.status_code': SERVER_SPAN[door].status,
      'petstore.door': door,
      'petstore.key_id': expect.stringMatching(/^key_/),
      'petstore.rate_limit.outcome': 'allowed',
    });
    expect(server.resource['service.name']).toBe('petstore-under-test');

    const operation = inTrace.find((span) => span.parentSpanId === server.spanId && span.kind === SPAN_KIND.internal);
    expect(operation?.name).toBe(OPERATION_SPAN[door]);
    expect(operation?.status.code).not.toBe(STATUS_CODE.error);

    const database = inTrace.filter((span) => span.attributes['db.system.name'] === 'mongodb');
    if (onMongo) {
      expect(database.length).toBeGreaterThan(0);
      expect(database.every((span) => span.kind === SPAN_KIND.client)).toBe(true);
      // The pet is written by the operation. The envelope checks the key once per request, as it
      // enters the door, before any operation is known: under the request's own span at every door.
      const writes = database.filter((span) => span.name === 'insert pets');
      expect(writes.map((span) => span.parentSpanId)).toEqual([operation?.spanId]);
      const keyCheck = database.find((span) => span.name === 'find api_keys');
      expect(keyCheck?.parentSpanId).toBe(server.spanId);
      expect(database.every((span) => span.parentSpanId === operation?.spanId || span.parentSpanId === server.spanId)).toBe(true);
    } else {
      expect(database).toEqual([]);
    }
    // One trace: every span hangs from the caller's span through spans of this trace.
    const ids = new Set([caller.parentId, ...inTrace.map((span) => span.spanId)]);
    expect(inTrace.filter((span) => !ids.has(span.parentSpanId))).toEqual([]);
  });

  it.skipIf(onMongo && !mongodb)('logs each request’s trace and span id beside its request id', () => {
    for (const door of DOOR_NAMES) {
      const server = trace(door).find((span) => span.kind === SPAN_KIND.server);
      const line = accessLog(gateway).find((entry) => entry['traceId'] === callers[door]?.traceId);
      expect(line, door).toMatchObject({ requestId: expect.any(String), spanId: server?.spanId, door });
    }
  });

  it.skipIf(onMongo && !mongodb)('never exports the key, nor the Authorization header', () => {
    expect(receiver.requests.length).toBeGreaterThan(0);
    for (const request of receiver.requests) {
      expect(request.contentType).toBe('application/x-protobuf');
      expect(request.body.includes(apiKey)).toBe(false);
      expect(request.body.toString('latin1').toLowerCase()).not.toContain('bearer');
    }
  });
});

describe('tracing of batches, failures and deprecated calls', () => {
  let receiver: OtlpReceiver;
  let spans: ReceivedSpan[] = [];
  const callers = {
    trpcBatch: callerTrace(),
    graphqlBatch: callerTrace(),
    invalid: callerTrace(),
    wrongKey: callerTrace(),
    deprecated: callerTrace(),
  };

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    const { gateway, apiKey } = await tracedGateway(null, receiver);
    const send = (path: string, caller: CallerTrace, init: RequestInit & { key?: string } = {}) =>
      fetch(`${gateway.baseUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${init.key ?? apiKey}`, 'Content-Type': 'application/json', ...caller.headers },
      });
    const pet = { name: 'Batch', categoryId: 1 };
    const trpcBatch = await send('/trpc/pets.create,pets.create?batch=1', callers.trpcBatch, {
      method: 'POST',
      body: JSON.stringify({ 0: pet, 1: pet }),
    });
    expect(trpcBatch.status).toBe(200);
    const graphqlBatch = await send('/graphql', callers.graphqlBatch, {
      method: 'POST',
      body: JSON.stringify([{ query: '{ pets(limit: 1) { id } }' }, { query: 'mutation { addPet(input: { name: "B", categoryId: "1" }) { id } }' }]),
    });
    expect(graphqlBatch.status).toBe(200);
    expect((await send('/v1/pets', callers.invalid, { method: 'POST', body: '{"name": ""}' })).status).toBe(400);
    expect((await send('/trpc/pets.page', callers.wrongKey, { key: 'psk_not_the_key_not_the_key_0000' })).status).toBe(401);
    expect((await send('/v1/pets/1', callers.deprecated)).status).toBe(200);
    await gateway.stop();
    spans = receiver.spans();
  }, 60_000);

  afterAll(async () => {
    await receiver.close();
  });

  const inTrace = (caller: CallerTrace) => spans.filter((span) => span.traceId === caller.traceId);
  const server = (caller: CallerTrace) => inTrace(caller).find((span) => span.kind === SPAN_KIND.server);
  const children = (caller: CallerTrace) => inTrace(caller).filter((span) => span.parentSpanId === server(caller)?.spanId);

  it('gives each tRPC call of a batch a span of its own under the one request span', () => {
    expect(server(callers.trpcBatch)?.name).toBe('tRPC pets.create');
    expect(children(callers.trpcBatch).map((span) => span.name)).toEqual(['pets.create', 'pets.create']);
  });

  it('gives each GraphQL operation of a batch a span of its own under the one request span', () => {
    expect(server(callers.graphqlBatch)?.name).toBe('GraphQL addPet+pets');
    expect(
      children(callers.graphqlBatch)
        .map((span) => span.name)
        .sort(),
    ).toEqual(['mutation addPet', 'query pets']);
  });

  it('records a failed operation with its domain code, and a 4xx request span without an error status', () => {
    const [operation] = children(callers.invalid);
    expect(operation?.status).toEqual({ code: STATUS_CODE.error, message: 'invalid_request' });
    expect(operation?.attributes['petstore.error.code']).toBe('invalid_request');
    expect(server(callers.invalid)?.status.code).toBe(STATUS_CODE.unset);
    expect(server(callers.invalid)?.attributes['http.response.status_code']).toBe(400);
  });

  it('records a refused key on the request’s span, before any call runs, with no key id and no rate-limit outcome', () => {
    expect(children(callers.wrongKey)).toEqual([]);
    expect(server(callers.wrongKey)?.attributes['petstore.error.code']).toBe('unauthorized');
    expect(server(callers.wrongKey)?.attributes['petstore.key_id']).toBeUndefined();
    expect(server(callers.wrongKey)?.attributes['petstore.rate_limit.outcome']).toBeUndefined();
  });

  it('marks calls of a deprecated operation, so that its remaining callers can be found', () => {
    expect(server(callers.deprecated)?.attributes).toMatchObject({ 'petstore.deprecated': true, 'http.route': '/v1/pets/:petId' });
    expect(children(callers.deprecated)[0]?.attributes['petstore.deprecated']).toBe(true);
  });

  it('never exports a key, not even a wrong one', () => {
    for (const request of receiver.requests) expect(request.body.includes('psk_')).toBe(false);
  });
});

describe('tracing of the rate limit', () => {
  it('says whether the limit let each request through', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const { gateway, apiKey } = await tracedGateway(null, receiver, { PETSTORE_RATE_LIMIT: '1' });
      const [allowed, limited] = [callerTrace(), callerTrace()];
      for (const [caller, status] of [
        [allowed, 200],
        [limited, 429],
      ] as const) {
        const response = await fetch(`${gateway.baseUrl}/v1/pets`, { headers: { Authorization: `Bearer ${apiKey}`, ...caller.headers } });
        expect(response.status).toBe(status);
      }
      await gateway.stop();
      const server = (caller: CallerTrace) => receiver.spans().find((span) => span.traceId === caller.traceId && span.kind === SPAN_KIND.server);
      expect(server(allowed)?.attributes).toMatchObject({ 'petstore.rate_limit.outcome': 'allowed', 'petstore.rate_limit.remaining': 0 });
      expect(server(limited)?.attributes['petstore.rate_limit.outcome']).toBe('limited');
    } finally {
      await receiver.close();
    }
  });
});

describe('tracing to a collector that is down', () => {
  it('costs a warning in the logs, not a failed request or shutdown', async () => {
    const receiver = await startOtlpReceiver();
    await receiver.close(); // its port, now refusing connections
    const gateway = await spawnGateway({
      PETSTORE_DEV_API_KEY: DEV_KEY,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
    });
    expect((await doorAt(gateway.baseUrl, 'rest').create({ key: DEV_KEY }, { name: 'Lost span', categoryId: 1 })).status).toBe(201);
    await gateway.stop();
    expect(await gateway.exited).toBe(0);
    const warnings = gateway
      .output()
      .split('\n')
      .filter((line) => line.includes('"component":"tracing"'));
    expect(warnings.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(expect.objectContaining({ level: 40 }));
  });
});

describe('tracing off', () => {
  let hookDir: string;
  let importHook: string;
  beforeAll(async () => {
    // A module hook that names every @opentelemetry package the process imports.
    hookDir = await mkdtemp(join(tmpdir(), 'petstore-otel-'));
    importHook = join(hookDir, 'report-otel-imports.mjs');
    const resolve = `export async function resolve(specifier, context, next) {
      if (specifier.startsWith('@opentelemetry/')) process.stderr.write('imported ' + specifier + '\\n');
      return next(specifier, context);
    }`;
    await writeFile(
      importHook,
      `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(resolve)}`)});\n`,
    );
  });
  afterAll(async () => {
    await rm(hookDir, { recursive: true, force: true });
  });

  it.each<[string, Record<string, string>]>([
    ['no OTEL_* variable', {}],
    ['OTEL_SDK_DISABLED=true', { OTEL_SDK_DISABLED: 'true' }],
    ['OTEL_TRACES_EXPORTER=none', { OTEL_TRACES_EXPORTER: 'none' }],
  ])('with %s: no SDK is imported, nothing is exported, logs carry no trace ids', async (name, off) => {
    const receiver = await startOtlpReceiver();
    try {
      const endpoint: Record<string, string> = name.startsWith('no ') ? {} : { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint };
      const gateway = await spawnGateway({
        PETSTORE_DEV_API_KEY: DEV_KEY,
        LOG_LEVEL: 'info',
        NODE_OPTIONS: `--import=${importHook}`,
        ...endpoint,
        ...off,
      });
      const caller = callerTrace();
      for (const door of DOOR_NAMES) {
        expect((await doorAt(gateway.baseUrl, door).create({ key: DEV_KEY }, { name: 'Untraced', categoryId: 1 }, caller.headers)).ids).toHaveLength(
          1,
        );
      }
      await gateway.stop();
      expect(receiver.requests).toEqual([]);
      expect(gateway.output()).not.toContain('imported @opentelemetry/');
      expect(accessLog(gateway).length).toBeGreaterThanOrEqual(3);
      expect(accessLog(gateway).filter((line) => 'traceId' in line || 'spanId' in line)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('the import hook sees the SDK when tracing is on (so that the test above can fail)', async () => {
    const gateway = await spawnGateway({ PETSTORE_DEV_API_KEY: DEV_KEY, NODE_OPTIONS: `--import=${importHook}`, OTEL_TRACES_EXPORTER: 'otlp' });
    await gateway.stop();
    expect(gateway.output()).toContain('imported @opentelemetry/sdk-trace');
  });

  it('is the default: without OTEL_* variables the runtime has no tracing', async () => {
    const runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent' }));
    expect(runtime.tracing).toBeUndefined();
    await runtime.close();
  });
});

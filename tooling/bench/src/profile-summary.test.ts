import { describe, expect, it } from 'vitest';
import { areaShares, NODE_CORE } from './profile-areas.js';
import { moduleOf, samplesWithin, summarizeProfile, type CpuProfile } from './profile-summary.js';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

// (root) → handle (koa) → parse (zod) ; (root) → (garbage collector) ; (root) → (idle)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4, 5] },
    { id: 2, callFrame: frame('handle', 'file:///w/node_modules/.pnpm/koa@3.1.0/node_modules/koa/lib/application.js', 9), children: [3] },
    { id: 3, callFrame: frame('parse', 'file:///w/node_modules/.pnpm/zod@4.1.0/node_modules/zod/v4/core/parse.js', 41) },
    { id: 4, callFrame: frame('(garbage collector)') },
    { id: 5, callFrame: frame('(idle)') },
  ],
  // 6 busy samples (2 in handle, 3 in parse, 1 in GC) and 4 idle.
  samples: [2, 3, 3, 5, 5, 4, 2, 3, 5, 5],
};

describe('summarizeProfile', () => {
  const summary = summarizeProfile(profile);

  it('counts idle apart and gives shares of busy samples', () => {
    expect(summary.samples).toBe(10);
    expect(summary.idle).toBeCloseTo(0.4);
    expect(summary.topSelf[0]).toEqual({ frame: 'parse zod/v4/core/parse.js:42', module: 'zod', share: 0.5 });
  });

  it('credits a caller with its callees in inclusive time', () => {
    const handle = summary.topInclusive.find((f) => f.frame.startsWith('handle'));
    expect(handle?.share).toBeCloseTo(5 / 6);
    expect(handle?.module).toBe('koa');
  });

  it('groups self time by module', () => {
    expect(summary.byModule.map((m) => m.module)).toEqual(['zod', 'koa', '(garbage collector)']);
  });
});

describe('moduleOf', () => {
  it('names node built-ins, packages, scoped packages and workspace folders', () => {
    expect(moduleOf('node:_http_server', 'f')).toBe('node:_http_server');
    expect(moduleOf('node:internal/streams/writable', 'f')).toBe('node:internal/streams');
    expect(moduleOf('file:///w/node_modules/.pnpm/@koa+router@15/node_modules/@koa/router/dist/x.js', 'f')).toBe('@koa/router');
    expect(moduleOf('file:///work/main/packages/domain/dist/pet/pet-service.js', 'f')).toBe('@petstore/domain');
    expect(moduleOf('', '(program)')).toBe('(program)');
  });
});

describe('samplesWithin', () => {
  const timed: CpuProfile = { ...profile, startTime: 1000, timeDeltas: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10] };

  it('keeps only the samples stamped inside a window', () => {
    // Sample i is stamped 1000 + 10 × (i + 1).
    expect(samplesWithin(timed, [[1015, 1040]])).toEqual([3, 3, 5]);
    expect(
      samplesWithin(timed, [
        [1000, 1010],
        [1095, 2000],
      ]),
    ).toEqual([2, 5]);
  });

  it('keeps every sample without windows or timestamps', () => {
    expect(samplesWithin(timed, undefined)).toHaveLength(10);
    expect(samplesWithin(profile, [[0, 1]])).toHaveLength(10);
  });
});

describe('areaShares', () => {
  it('gives a sample to the innermost named area on its stack, and node built-ins to Node core', () => {
    const areas: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 5, 7] },
        { id: 2, callFrame: frame('respond', 'file:///w/node_modules/.pnpm/koa@3/node_modules/koa/lib/application.js'), children: [3] },
        { id: 3, callFrame: frame('end', 'node:_http_outgoing'), children: [4] },
        { id: 4, callFrame: frame('writev') },
        { id: 5, callFrame: frame('check', 'file:///w/packages/domain/dist/auth/authenticate.js'), children: [6] },
        { id: 6, callFrame: frame('Hash', 'node:internal/crypto/hash') },
        { id: 7, callFrame: frame('bounded', 'file:///w/packages/mongo/dist/deadline.js'), children: [8] },
        { id: 8, callFrame: frame('find', 'file:///w/node_modules/.pnpm/mongodb@7/node_modules/mongodb/lib/collection.js'), children: [9] },
        { id: 9, callFrame: frame('write', 'file:///w/node_modules/.pnpm/mongodb@7/node_modules/mongodb/lib/cmap/connection.js') },
      ],
      samples: [2, 4, 4, 6, 7, 8, 9, 4],
    };
    expect(areaShares(areas)).toEqual([
      { area: NODE_CORE, share: 0.375 },
      { area: 'Koa + router', share: 0.125 },
      { area: 'auth (key hash, key lookup, rate limit)', share: 0.125 },
      { area: 'store wrappers (deadline, database-error counting)', share: 0.125 },
      { area: 'MongoDB driver: cursor and operation set-up (options, read preference, sessions)', share: 0.125 },
      { area: 'MongoDB driver: connection, pool, wire protocol, BSON', share: 0.125 },
    ]);
  });
});

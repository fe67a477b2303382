import type { CpuProfile, CpuProfileNode, Window } from './profile-summary.js';
import { samplesWithin } from './profile-summary.js';

/**
 * Where the busy time of a request went, by area of this codebase and its libraries rather than
 * by function: each sample goes to the innermost frame on its stack that belongs to a named
 * area, so JSON.stringify inside Koa's respond counts as Koa and a hash inside the key check
 * counts as auth. Node's own code counts as Node core unless called from a named area.
 */
export const AREAS: readonly (readonly [string, RegExp])[] = [
  // Before the store's own area, which their paths are under too (issue 31 asked for their share).
  ['store wrappers (deadline, database-error counting)', /mongo\/dist\/deadline|runtime\/dist\/counted-stores/],
  ['auth (key hash, key lookup, rate limit)', /domain\/dist\/auth|rate-limit|key-store|bearer-auth|node:internal\/crypto/],
  ['observability (request id, access log, metrics)', /observability|\/pino\/|sonic-boom|prom-client/],
  ['tRPC', /@trpc\/|apps\/trpc\//],
  ['GraphQL (graphql-js, Apollo)', /\/graphql\/|@apollo\/|apps\/graphql\//],
  ['Fetch API bridge (undici Request/Response, web streams, AbortSignal)', /undici|webstreams|abort_controller|js_transferable/],
  ['zod', /\/zod\//],
  // The driver's set-up of each operation apart from its wire work: the first is what the service's calls shape.
  [
    'MongoDB driver: cursor and operation set-up (options, read preference, sessions)',
    /\/mongodb\/lib\/(cursor|operations|read_preference|read_concern|write_concern|utils|sessions|sort|collection|timeout)/,
  ],
  ['MongoDB driver: connection, pool, wire protocol, BSON', /\/mongodb\/|\/bson\//],
  ['domain service + store', /packages\/(domain|memory|mongo)\//],
  ['REST door', /apps\/rest\//],
  [
    'Koa + router',
    /\/koa\/|koa-compose|delegates|@koa\/router|\/statuses\/|type-is|mime-types|\/accepts\/|negotiator|on-finished|\/vary\/|encodeurl|escape-html|http-errors|content-type|\/fresh\/|parseurl|\/cookies\/|path-to-regexp/,
  ],
];

export const NODE_CORE = 'Node core (HTTP, sockets, timers, promise queue)';
const OTHER = 'other';

export function areaOf(node: CpuProfileNode, parentOf: (id: number) => CpuProfileNode | undefined): string {
  if (node.callFrame.functionName === '(garbage collector)') return '(garbage collector)';
  for (let frame: CpuProfileNode | undefined = node; frame; frame = parentOf(frame.id)) {
    const url = frame.callFrame.url;
    const area = AREAS.find(([, pattern]) => pattern.test(url))?.[0];
    if (area) return area;
    if (url.startsWith('node:')) return NODE_CORE;
  }
  return node.callFrame.url === '' ? NODE_CORE : OTHER;
}

/** Shares of busy samples (idle left out) by area, largest first. */
export function areaShares(profile: CpuProfile, windows?: readonly Window[]): { area: string; share: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, CpuProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const counts = new Map<string, number>();
  let busy = 0;
  for (const id of samplesWithin(profile, windows)) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    busy += 1;
    const area = areaOf(node, (child) => parent.get(child));
    counts.set(area, (counts.get(area) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([area, count]) => ({ area, share: busy > 0 ? count / busy : 0 }));
}

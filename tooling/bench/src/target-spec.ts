import type { LoadRequest } from './load.js';
import type { ServerEntry } from './server-process.js';
import type { ReadyMessage } from './servers/ipc.js';

export type Store = 'memory' | 'mongodb';
/** The protocol a target answers in: how its answer is checked (preflight.ts). */
export type Door = 'baseline' | 'rest' | 'graphql' | 'trpc';
/** What the one check before the load expects back. */
export type Expect = 'list' | 'pet' | 'created';

/** The columns a target's row is divided by beside B0, K0 and D0 (report.ts). */
export interface Versus {
  /** The REST list of the same store. */
  restList?: string;
  /** L0 doing the same (its list, or its create). */
  l0?: string;
  /** The peer stack's door doing the same. */
  peer?: string;
  /** The door's own libraries doing the same on bare Koa with L0's envelope (A0, T0): the door's floor. */
  floor?: string;
}

export interface TargetSpec {
  id: string;
  label: string;
  store: Store;
  door: Door;
  /** A reference to measure the service against (B0, K0, L0, D0, the peer stack), not a door of the service. */
  reference: boolean;
  entry: ServerEntry;
  /** Set in the child's environment on top of what every child gets (start-target.ts). */
  env?: Record<string, string>;
  /** Pets the server holds; 20 unless a scaling target. */
  pets: number;
  /** Seed straight into the embedded store and measure heap per pet (scaling targets). */
  scale: boolean;
  /**
   * Targets this one is compared with, round by round, the first the closest (L0 for a door on
   * the embedded store, D0 on MongoDB, the driver-only insert for a create on MongoDB, the small
   * store for the large one); BENCH_ONLY brings them along.
   */
  baselineIds: string[];
  versus: Versus;
  expect: Expect;
  /** Every answer is the same text, so autocannon checks each body against the first. */
  sameBodyEveryTime: boolean;
  request(server: { baseUrl: string; ready: ReadyMessage }): LoadRequest;
}

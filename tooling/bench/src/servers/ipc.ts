import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a server child tells the bench once it listens. */
export interface ReadyMessage {
  type: 'ready';
  port: number;
  /** A valid API key, for the gateway children. */
  apiKey?: string;
  /** The id of a stored pet, for `GET /v1/pets/{id}`. */
  petId?: number;
  /** Pets seeded before listening. */
  pets?: number;
  /** Heap and array buffers retained per pet by the seeded store (needs --expose-gc; see store-heap.ts). */
  heapBytesPerPet?: number;
  /** The part of heapBytesPerPet that is the name string. */
  nameBytesPerPet?: number;
  seedMs?: number;
}

export interface StoppedMessage {
  type: 'stopped';
  /** process.resourceUsage().maxRSS, in kilobytes. */
  maxRssKb: number;
}

export type ParentMessage = { type: 'stop' };

export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Tells the parent the server is up, and stops cleanly when asked (so --cpu-prof can write its
 * profile) or when the parent goes away.
 */
export function serveUntilStopped(ready: ReadyMessage, close: () => Promise<void>): void {
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    try {
      await close();
    } finally {
      const stopped: StoppedMessage = { type: 'stopped', maxRssKb: process.resourceUsage().maxRSS };
      if (process.connected) process.send?.(stopped);
      process.exit(0);
    }
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send?.(ready);
}

/** Stops accepting connections and drops idle keep-alive ones. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

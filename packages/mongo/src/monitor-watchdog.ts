import type { MongoClient } from 'mongodb';

const CHECK_EVERY_MS = 500;
/** Streaming heartbeats legitimately wait this long (the driver's heartbeatFrequencyMS default). */
const AWAITED_HEARTBEAT_MS = 10_000;

export interface Watchdog {
  stop(): void;
}

/**
 * Restarts the client when its server monitor is stuck. The driver (mongodb 7.x) can send a
 * heartbeat on a monitoring socket that the server has just closed; that write then never settles,
 * the monitor never checks again, and the client answers "server selection timed out" for ever,
 * even once the database is back. Seen when the database restarts under load. A heartbeat that
 * outlives every timeout the driver gives it is that case: close and reconnect the same client
 * (stores keep working: they hold the client, not its topology), retrying until it connects.
 */
export function watchMonitor(client: MongoClient, options: { connectTimeoutMS: number }): Watchdog {
  let pending: { since: number; awaited: boolean } | undefined;
  let restarting = false;
  let stopped = false;
  const settled = (): void => {
    pending = undefined;
  };
  client.on('serverHeartbeatStarted', (event) => {
    pending = { since: Date.now(), awaited: event.awaited };
  });
  client.on('serverHeartbeatSucceeded', settled);
  client.on('serverHeartbeatFailed', settled);

  const restart = async (): Promise<void> => {
    restarting = true;
    try {
      await client.close();
      while (!stopped) {
        try {
          await client.connect();
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
        }
      }
    } finally {
      pending = undefined;
      restarting = false;
    }
  };

  const timer = setInterval(() => {
    if (!pending || restarting || stopped) return;
    const allowed = 2 * options.connectTimeoutMS + (pending.awaited ? AWAITED_HEARTBEAT_MS : 0) + 1000;
    if (Date.now() - pending.since > allowed) void restart();
  }, CHECK_EVERY_MS);
  timer.unref();

  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

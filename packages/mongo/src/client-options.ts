import type { MongoClientOptions } from 'mongodb';

export interface ClientSettings {
  /** The one bound for every database wait: finding a server, connecting, a pooled connection, a reply. */
  timeoutMS: number;
  /** Connections per server per instance. */
  maxPoolSize: number;
}

/**
 * What the service asks of every deployment, whatever the connection string says (options given
 * here win over the URI's): an acknowledged write is on a majority of the replica set and in its
 * journal, so a failover cannot take back a pet that was answered 201; reads see only
 * majority-committed data, so a list never shows a pet a failover could roll back; one automatic
 * retry of a read or write that met a failover or a dropped connection (retryable writes need a
 * replica set or sharded cluster; the driver does not retry writes on a standalone server). Hosts,
 * replica-set name, TLS and credentials come from the URI (`mongodb://a,b,c/?replicaSet=rs0`,
 * `mongodb+srv://…`).
 */
export function clientOptions(settings: ClientSettings): MongoClientOptions {
  const { timeoutMS } = settings;
  return {
    writeConcern: { w: 'majority', journal: true, wtimeoutMS: timeoutMS },
    readConcern: { level: 'majority' },
    retryWrites: true,
    retryReads: true,
    maxPoolSize: settings.maxPoolSize,
    serverSelectionTimeoutMS: timeoutMS,
    connectTimeoutMS: timeoutMS,
    socketTimeoutMS: timeoutMS,
    waitQueueTimeoutMS: timeoutMS,
  };
}

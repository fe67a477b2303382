export { connectMongo, type MongoConnection, type MongoOptions } from './connect.js';
export { ensureIndexes, IDEMPOTENCY_TTL_SECONDS } from './indexes.js';
export { MongoPetStore } from './mongo-pet-store.js';
export { DEFAULT_ID_BLOCK_SIZE, MongoIdSource } from './mongo-id-source.js';
export { MongoKeyStore } from './mongo-key-store.js';
export { MongoIdempotencyStore } from './mongo-idempotency-store.js';
export { LEASES_PER_WINDOW, MongoLeasedRateLimiter, type LeasedRateLimiterOptions } from './mongo-rate-limiter.js';
export { withDeadline } from './deadline.js';
export { clientOptions } from './client-options.js';

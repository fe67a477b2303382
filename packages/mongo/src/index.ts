export { connectMongo, type MongoConnection, type MongoOptions } from './connect.js';
export { ensureIndexes } from './indexes.js';
export { MongoPetStore } from './mongo-pet-store.js';
export { DEFAULT_ID_BLOCK_SIZE, MongoIdSource } from './mongo-id-source.js';
export { MongoKeyStore } from './mongo-key-store.js';

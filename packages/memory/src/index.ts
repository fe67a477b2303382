export { MemoryPetStore } from './memory-pet-store.js';
export { MemoryKeyStore } from './memory-key-store.js';
export { MemoryIdempotencyStore } from './memory-idempotency-store.js';
export { MemoryAuditLog } from './memory-audit-log.js';
export { MemoryPeopleStore } from './memory-people-store.js';
export { MemoryKeyClaims } from './memory-key-claims.js';
export { MemoryUsageStore } from './memory-usage-store.js';
export { MemoryKeyTagSecrets } from './memory-key-tag-secrets.js';

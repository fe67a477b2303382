export { MemoryPetStore } from './memory-pet-store.js';
export { MemoryKeyStore } from './memory-key-store.js';

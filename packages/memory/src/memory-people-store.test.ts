import { definePeopleStoreSuite } from '@petstore/testing';
import { MemoryPeopleStore } from './memory-people-store.js';

definePeopleStoreSuite('memory', async () => ({ people: new MemoryPeopleStore(), close: async () => {} }));

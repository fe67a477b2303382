export { defineStoreSuite } from './store-suite.js';
export type { MakeStores, StoreFixture } from './store-fixture.js';
export { uniqueName } from './unique-name.js';
export { spawnServer, type ServerProcess } from './server-process.js';
export { disagreementsWithCatalogue, stabilityInText, type PublishedDocument, type PublishedOperation } from './published-operations.js';
export { definePeopleStoreSuite, type MakePeopleStore, type PeopleStoreFixture } from './people-store-suite.js';
export { SoftAuthenticator, type AuthenticationJson, type BrowserSide, type RegistrationJson } from './soft-authenticator.js';
export { defineUsageStoreSuite, type MakeUsageStore, type UsageStoreFixture } from './usage-store-suite.js';
export * from './key-containment-table.js';

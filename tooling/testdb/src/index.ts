export { cacheDir, ensureFerretDB, ferretdbBinaryPath, FERRETDB_VERSION, hasGo } from './ferretdb-build.js';
export { freePort, startFerretDB, type TestDatabaseServer } from './ferretdb-server.js';

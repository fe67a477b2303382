export { cacheDir } from './cache-dir.js';
export { makeOnce, withCacheLock } from './cache-lock.js';
export { ensureFerretDB, ferretdbBinaryPath, FERRETDB_VERSION, hasGo } from './ferretdb-build.js';
export { freePort, startFerretDB, type TestDatabaseServer } from './ferretdb-server.js';
export { ensureGoTool, goToolPath, type GoTool } from './go-tool.js';
export { makingHere, NotPrepared } from './preparation.js';

export { mountTrpc, type TrpcDeps } from './app.js';
export { MAX_BATCH_SIZE, TRPC_PREFIX } from './endpoint.js';
export { TRPC_CODE_BY_DOMAIN_CODE } from './error-mapping.js';
export type { PetstoreErrorData, PetstoreErrorShape } from './error-shape.js';
export type { ProcedureMeta } from './procedure-meta.js';
export type { AppRouter } from './router.js';

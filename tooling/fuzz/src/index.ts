export { CONFIG_FILE, runSchemathesis, schemathesisArgs, type FuzzOptions, type FuzzResult } from './fuzz-run.js';
export { gatewayMain, startGatewayProcess, type GatewayProcess } from './gateway-process.js';
export { ensureSchemathesis, SCHEMATHESIS_VERSION, schemathesisBinary } from './schemathesis.js';

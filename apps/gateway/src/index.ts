export { buildGateway, type GatewayDeps } from './app.js';

export { issueKey, startService, type RunningService, type ServiceOptions } from './start-service.js';

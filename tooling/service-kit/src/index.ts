export { call, type JsonResponse } from './call.js';
export { issueKey, startService, type RunningService, type ServiceOptions } from './start-service.js';

export { call, type JsonResponse } from './call.js';
export { logFile, type LogFile } from './log-file.js';
export { issueKey, startService, type RunningService, type ServiceOptions } from './start-service.js';

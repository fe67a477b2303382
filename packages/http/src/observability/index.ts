export * from './client-error.js';
export * from './cors.js';
export * from './http-shell.js';
export * from './metrics.js';
export * from './request-id.js';
export * from './request-report.js';
export * from './security-headers.js';
export * from './report-operation.js';

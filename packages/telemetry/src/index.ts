export type * from './request-trace.js';
export * from './start-tracing.js';
export * from './tracing-settings.js';

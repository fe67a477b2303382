export * from './config.js';
export * from './dev-key.js';
export * from './logger.js';
export * from './listen-failure.js';
export * from './main-entry.js';
export * from './runtime.js';
export * from './serve.js';
export * from './stores.js';

export * from './smtp-mailer.js';
export * from './console-mailer.js';

// What the preparation step (tooling/prepare-tests) makes before the tests: oasdiff.
export { ensureOasdiff } from './oasdiff.js';

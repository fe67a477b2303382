// What the preparation step (tooling/prepare-tests) makes before the tests, and the tests then find.
export { ensureDebianBase } from './debian-base.js';
export { ensureHostPackages } from './host-packages.js';
export { ensureFerretdbImage, ensurePetstoreImage } from './images.js';
export { ensureKustomize } from './kustomize.js';
export { ensurePythonTools, hasPythonVenv } from './python-tools.js';

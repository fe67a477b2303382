import { KeyTags } from '../auth/key-tag.js';

/** The secret the domain's tests tag and check keys under, as one deployment's instances all do. */
export const testKeyTags = new KeyTags(['test-key-tag-secret-0123456789abcdef']);

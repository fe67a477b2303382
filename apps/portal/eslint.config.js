export { default } from '@petstore/eslint-config';

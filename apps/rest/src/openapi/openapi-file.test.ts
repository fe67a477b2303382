import { fileURLToPath } from 'node:url';
import { stringifyJson } from '@petstore/http';
import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument, OPENAPI_DOCUMENT_FILE } from './openapi-document.js';

describe('apps/rest/openapi/openapi.json', () => {
  it('is what the generator makes of the catalogue and the schemas today (`npx vitest run -u src/openapi/openapi-file.test.ts` writes it)', async () => {
    await expect(`${stringifyJson(loadOpenApiDocument(), 2)}\n`).toMatchFileSnapshot(fileURLToPath(OPENAPI_DOCUMENT_FILE));
  });
});

import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { formLimitsModule } from './form-limits.js';

/**
 * The portal's types of the management API (apps/portal/src/generated/manage-api.ts), generated here
 * because the gateway is the one package that sees both the portal and the management app. They
 * are what openapi-typescript makes of the document the service serves; `npm run codegen` (this
 * file with `--update`) writes them.
 */
const CHECKED_IN = fileURLToPath(new URL('../../../portal/src/generated/manage-api.ts', import.meta.url));
const FORM_LIMITS = fileURLToPath(new URL('../../../portal/src/generated/form-limits.ts', import.meta.url));

describe("the portal's types of the management API", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ mongodbUri: null });
  });
  afterAll(async () => {
    await gw.close();
  });

  it("are what openapi-typescript makes of the served /manage/v1/openapi.json, with each enumeration's values", { timeout: 60_000 }, async () => {
    // enumValues: each enumeration also as an array, so the portal can check a person's choice against it without a cast.
    // defaultNonNullable off: a field with a default may be left out, the API then applying its default (not the portal).
    const types = await openapiTS(new URL(`${gw.baseUrl}/manage/v1/openapi.json`), { enumValues: true, defaultNonNullable: false });
    const fresh = `${COMMENT_HEADER}${astToString(types)}`;
    await expect(fresh, 'apps/portal/src/generated/manage-api.ts is stale: run `npm run codegen`').toMatchFileSnapshot(CHECKED_IN);
  });

  it('and the bounds its forms tell people are the ones the served document states', async () => {
    const document = (await (await fetch(`${gw.baseUrl}/manage/v1/openapi.json`)).json()) as Parameters<typeof formLimitsModule>[0];
    await expect(formLimitsModule(document), 'apps/portal/src/generated/form-limits.ts is stale: run `npm run codegen`').toMatchFileSnapshot(
      FORM_LIMITS,
    );
  });
});

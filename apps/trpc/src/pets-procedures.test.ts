import { fileURLToPath } from 'node:url';
import { CATALOGUE, sunsetDay } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { petsProceduresSource } from './procedure-docs.js';

describe("the tRPC procedures' JSDoc", () => {
  it('is what the catalogue makes of PROCEDURE_TEXT today (`npx vitest run -u src/pets-procedures.test.ts` writes src/pets-procedures.ts)', async () => {
    await expect(petsProceduresSource()).toMatchFileSnapshot(fileURLToPath(new URL('./pets-procedures.ts', import.meta.url)));
  });

  it("carries the catalogue's scope and deprecation", () => {
    const { deprecation, scope } = CATALOGUE.getPet;
    if (!deprecation) throw new Error('the catalogue deprecates getPet');
    const source = petsProceduresSource();
    expect(source).toContain(`One pet by id. Needs the \`${scope}\` scope.\n   * @deprecated Removed on ${sunsetDay(deprecation)}`);
    expect(source).toContain(`Instead, ${deprecation.replacement}.\n   */\n  get: bodies.get,`);
    expect(source).toContain(
      `/** Adds a pet; the service assigns its id. Needs the \`${CATALOGUE.createPet.scope}\` scope. */\n  create: bodies.create,`,
    );
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUE, sunsetDay } from '@petstore/domain';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ROOT_FIELDS } from './analysis/root-field-operations.js';
import { publishedSdl } from './published-sdl.js';

const source = readFileSync(new URL('./pets.graphql', import.meta.url), 'utf8');

describe('the published SDL', () => {
  it('is what the catalogue makes of src/pets.graphql today (`npx vitest run -u src/published-sdl.test.ts` writes src/schema.graphql)', async () => {
    await expect(publishedSdl(source)).toMatchFileSnapshot(fileURLToPath(new URL('./schema.graphql', import.meta.url)));
  });

  it("gives each root field its operation's scope in its description and its deprecation as @deprecated, from the catalogue", () => {
    const schema = buildSchema(publishedSdl(source));
    for (const [coordinate, name] of Object.entries(ROOT_FIELDS.names)) {
      const [type = '', field = ''] = coordinate.split('.');
      const published = schema.getType(type)?.toConfig() as { fields: Record<string, { description?: string; deprecationReason?: string }> };
      const { scope, deprecation } = CATALOGUE[name];
      expect(published.fields[field]?.description, coordinate).toMatch(new RegExp(`Needs the \`${scope}\` scope\\.$`));
      expect(published.fields[field]?.deprecationReason, coordinate).toBe(
        deprecation && `Removed on ${sunsetDay(deprecation)}. Instead, ${deprecation.replacement}.`,
      );
    }
  });

  it('has no scope, stability or deprecation typed by hand in the source', () => {
    expect(source).not.toMatch(/Needs the|@deprecated|Beta:|Experimental:/);
  });
});

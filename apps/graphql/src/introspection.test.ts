import { CATALOGUE, sunsetDay } from '@petstore/domain';
import { buildSchema, getIntrospectionQuery, isObjectType, isInputObjectType, isEnumType, type GraphQLField, type GraphQLInputField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaSdl } from './schema.js';
import { postGraphql } from './testing/graphql-call.js';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

let door: TestGraphql;
beforeAll(async () => {
  door = await startGraphql({ options: { introspection: true } });
});
afterAll(() => door.close());

interface FieldInfo {
  name: string;
  isDeprecated: boolean;
  deprecationReason: string | null;
}

describe('introspection, when switched on', () => {
  it("shows pet(id:) as deprecated with the catalogue's removal date and replacement", async () => {
    const { deprecation } = CATALOGUE.getPet;
    if (!deprecation) throw new Error('the catalogue deprecates getPet');
    const answer = await postGraphql<{ __type: { fields: FieldInfo[] } }>(door.url, {
      query: '{ __type(name: "Query") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }',
      key: door.apiKey,
    });
    expect(answer.body.data?.__type.fields).toEqual([
      { name: 'pets', isDeprecated: false, deprecationReason: null },
      { name: 'petsPage', isDeprecated: false, deprecationReason: null },
      { name: 'pet', isDeprecated: true, deprecationReason: `Removed on ${sunsetDay(deprecation)}. Instead, ${deprecation.replacement}.` },
    ]);
  });

  it('answers the full introspection query that tools send, within the default limits', async () => {
    const answer = await postGraphql<{ __schema: { types: Array<{ name: string }> } }>(door.url, {
      query: getIntrospectionQuery(),
      key: door.apiKey,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.__schema.types.map((type) => type.name)).toEqual(expect.arrayContaining(['Pet', 'PetPage', 'PetStatus', 'NewPetInput']));
  });
});

describe('the schema', () => {
  it('describes every type, field, argument and enum value', () => {
    const schema = buildSchema(loadSchemaSdl());
    const undocumented: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || ['String', 'Int', 'Boolean', 'ID', 'Float'].includes(type.name)) continue;
      if (!type.description) undocumented.push(type.name);
      if (isObjectType(type) || isInputObjectType(type)) {
        for (const field of Object.values<GraphQLField<unknown, unknown> | GraphQLInputField>(type.getFields())) {
          if (!field.description) undocumented.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) if (!arg.description) undocumented.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
      if (isEnumType(type)) for (const value of type.getValues()) if (!value.description) undocumented.push(`${type.name}.${value.name}`);
    }
    expect(undocumented).toEqual([]);
  });
});

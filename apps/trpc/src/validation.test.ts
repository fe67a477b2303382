import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from './testing/rejection.js';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { CALL_SHAPES, wireError, wireMutation, wireQuery, type WireResponse } from './testing/wire.js';

const INT64_RULE = 'must be an integer from -9223372036854775808 to 9223372036854775807';
const UNSAFE_NUMBER_RULE = 'is a number past 2^53 - 1, which a JSON parser may already have rounded: send it as a decimal string';
const LIMIT_RULE = 'limit: must be an integer from 1 to 100';
const NAME_RULE = 'name: must be a non-blank string of at most 200 characters';

describe.each(CALL_SHAPES)('input validation, calls taking the %s path', (via) => {
  let door: RunningTrpcDoor;
  beforeAll(async () => {
    door = await startTrpcDoor({ clientShape: via });
  });
  afterAll(() => door.close());

  function expectBadRequest(response: WireResponse, message: string): void {
    expect(response.status).toBe(400);
    const error = wireError(response);
    expect(error.message).toContain(message);
    expect(error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, domainCode: 'invalid_request' });
  }

  it.each([
    ['no input at all', undefined, 'body: is required'],
    ['a string instead of an object', 'Rex', 'body: must be a JSON object'],
    ['a missing name', { categoryId: 1 }, 'name: is required'],
    ['a missing categoryId', { name: 'Rex' }, 'categoryId: is required'],
    ['an empty name', { name: '', categoryId: 1 }, NAME_RULE],
    ['a blank name', { name: '   ', categoryId: 1 }, NAME_RULE],
    ['a name of 201 characters', { name: 'x'.repeat(201), categoryId: 1 }, NAME_RULE],
    ['a fractional categoryId', { name: 'Rex', categoryId: 1.5 }, `categoryId: ${INT64_RULE}`],
    ['a categoryId as text that is no integer', { name: 'Rex', categoryId: 'abc' }, `categoryId: ${INT64_RULE}`],
    ['a categoryId as text past int64', { name: 'Rex', categoryId: '9223372036854775808' }, `categoryId: ${INT64_RULE}`],
    // A JSON number past 2^53 - 1 may already have been rounded by the parser: such values travel as text, and the refusal says so.
    ['a categoryId number beyond 2^53 - 1', { name: 'Rex', categoryId: 9007199254740992 }, `categoryId: ${UNSAFE_NUMBER_RULE}`],
    ['a categoryId number of 2^60, inside int64', { name: 'Rex', categoryId: 2 ** 60 }, `categoryId: ${UNSAFE_NUMBER_RULE}`],
    ['a control character in the name', { name: 'Re\u0000x', categoryId: 1 }, 'name: must be well-formed Unicode without control characters'],
    ['an unknown status', { name: 'Rex', categoryId: 1, status: 'lost' }, 'status: must be one of available, pending, sold'],
    ['an unknown field', { name: 'Rex', categoryId: 1, color: 'red' }, 'unknown field "color"'],
  ])('refuses to create a pet from %s, naming the field, and stores nothing', async (_case, input, message) => {
    expectBadRequest(await wireMutation(door.baseUrl, { via, path: 'pets.create', input, key: door.apiKey }), message);
    expect(await door.client.pets.list.query()).toEqual([]);
  });

  it.each([
    ['a limit of 0', { limit: 0 }, LIMIT_RULE],
    ['a limit of 101', { limit: 101 }, LIMIT_RULE],
    ['a fractional limit', { limit: 2.5 }, LIMIT_RULE],
    ['a limit sent as text', { limit: '10' }, LIMIT_RULE],
    ['an unknown status', { status: 'lost' }, 'status: must be one of available, pending, sold'],
    ['a cursor the service never issued', { after: 'not-a-cursor' }, 'after: must be a cursor returned by a previous page'],
    ['an unknown field', { size: 5 }, 'unknown field "size"'],
  ])('refuses to list pets with %s, naming the field', async (_case, input, message) => {
    for (const path of ['pets.list', 'pets.page']) {
      expectBadRequest(await wireQuery(door.baseUrl, { via, path, input, key: door.apiKey }), message);
    }
  });

  it.each([
    ['no id', {}, 'id: is required'],
    ['a fractional id', { id: 1.5 }, `id: ${INT64_RULE}`],
    ['an id as text that is no integer', { id: '1.5' }, `id: ${INT64_RULE}`],
    ['an id past int64', { id: '9223372036854775808' }, `id: ${INT64_RULE}`],
    ['an id number of 2^60, inside int64', { id: 2 ** 60 }, `id: ${UNSAFE_NUMBER_RULE}`],
  ])('refuses to get a pet by %s, naming the field', async (_case, input, message) => {
    expectBadRequest(await wireQuery(door.baseUrl, { via, path: 'pets.get', input, key: door.apiKey }), message);
  });

  it('gives the typed client the same BAD_REQUEST and message', async () => {
    const error = await rejectionOf(door.client.pets.list.query({ limit: 0 }));
    expect(error.message).toBe(LIMIT_RULE);
    expect(error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, domainCode: 'invalid_request' });
  });
});

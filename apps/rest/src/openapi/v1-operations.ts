import { IdempotencyKey, INT64_MAX, INT64_MIN, Int64Value, ListQuery } from '@petstore/domain';
import { z } from 'zod';
import type { RoutedOperation } from '../rest-routes.js';
import type { RefusalStatus } from './v1-answers.js';
import { LOCATION_HEADER, NEXT_LINK_HEADER } from './v1-headers.js';

type Json = Record<string, unknown>;

/** A parameter an operation reads: the schema the door checks it with (or the domain after it), and what it is for. */
export interface ParameterText {
  name: string;
  in: 'query' | 'path' | 'header';
  schema: z.ZodType;
  description: string;
  example?: unknown;
}

/**
 * What the document says of one /v1 operation beyond the catalogue (scope, stability,
 * deprecation) and the door's table (method, path): words, and which schemas it reads and answers with.
 */
export interface V1OperationText {
  summary: string;
  description: string;
  parameters: ParameterText[];
  /** The named schema of its JSON body, and what the body is. */
  body?: { schema: string; description: string };
  success: { status: 200 | 201; description: string; schema: string; headers?: Json; links?: Json };
  /** The refusals it answers with beyond those of every operation, with words of its own where it has them. */
  refusals?: Array<{ status: RefusalStatus; description?: string }>;
}

const REQUEST_ID: ParameterText = {
  name: 'X-Request-Id',
  in: 'header',
  // Never refused: a value that is not usable is replaced (see the description).
  schema: z.string(),
  description:
    "An id for this request in the service's logs, such as a load balancer's or a retrying client's. It is used and sent back when it " +
    'is 1 to 128 letters, digits, `.`, `_` or `-`; any other value is replaced by a new id, never refused.',
};

/** The list query's fields, each described: a field added to the schema does not compile here until it is. */
const LIST_PARAMETERS: { readonly [Name in keyof typeof ListQuery.shape]: Omit<ParameterText, 'name' | 'in' | 'schema'> } = {
  limit: { description: 'The largest number of pets to return.', example: 20 },
  status: { description: 'Only pets with this status.', example: 'available' },
  after: {
    description:
      'Continue after the page that gave this cursor. Take cursors from the `Link` header of a previous page: they are opaque and ' +
      'their meaning may change. Any text of this pattern is a position in the id order (past the last pet it gives an empty page); ' +
      'other text is refused with 400.',
  },
};

const listParameters: ParameterText[] = Object.entries(LIST_PARAMETERS).map(([name, text]) => ({
  name,
  in: 'query',
  schema: ListQuery.shape[name as keyof typeof LIST_PARAMETERS],
  ...text,
}));

/** Every routed operation's text; one the door routes without text here does not compile. */
export const V1_OPERATION_TEXT: { readonly [Name in RoutedOperation]: V1OperationText } = {
  listPets: {
    summary: 'List pets',
    description:
      'Returns pets in ascending `id` order, optionally only those with one `status`. When more pets follow, the response has a `Link` ' +
      'header with `rel="next"`; follow it to get the next page.',
    parameters: [...listParameters, REQUEST_ID],
    success: { status: 200, description: 'A page of pets, as a bare JSON array.', schema: 'Pets', headers: NEXT_LINK_HEADER },
  },
  createPet: {
    summary: 'Add a pet',
    description:
      'Adds an animal to the catalogue. The service assigns its `id`. A `status` is stored only when one is sent; none is invented. ' +
      'Send an `Idempotency-Key` to make retrying safe.',
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        schema: IdempotencyKey,
        description:
          'Makes a retried create safe: a create with a key this account used before, with the same pet, answers 201 with the pet the ' +
          'first one created instead of adding another; with a different pet it is refused with 409. Keys are remembered for at least ' +
          '24 hours. Any unique value works, such as a UUID.',
        example: '5f0c6f8e-3a1b-4c2d-9e8f-7a6b5c4d3e2f',
      },
      REQUEST_ID,
    ],
    body: {
      schema: 'NewPet',
      description: 'The animal to add, as a JSON object of at most 16 KiB (by default; the operator may configure another limit).',
    },
    success: {
      status: 201,
      description: 'The pet was added; the body is the stored pet, with its assigned `id`.',
      schema: 'Pet',
      headers: LOCATION_HEADER,
      links: {
        GetCreatedPet: {
          operationId: 'getPet',
          parameters: { petId: '$response.body#/id' },
          description: 'The created pet, by the `id` the service assigned.',
        },
      },
    },
    refusals: [{ status: 409 }, { status: 413 }, { status: 415 }],
  },
  getPet: {
    summary: 'Get a pet by id',
    description: 'Returns the pet with this id.',
    parameters: [
      {
        name: 'petId',
        in: 'path',
        schema: Int64Value,
        description: 'The id of the pet: any int64 in decimal digits. One that names no pet (ids are assigned from 1 up) answers 404.',
        example: 1,
      },
      REQUEST_ID,
    ],
    success: { status: 200, description: 'The pet.', schema: 'Pet' },
    refusals: [
      {
        status: 400,
        description: `\`petId\` is not an int64 (decimal digits from ${INT64_MIN} to ${INT64_MAX}), or a query parameter was sent (this operation takes none).`,
      },
      { status: 404, description: 'No pet has this id.' },
    ],
  },
};

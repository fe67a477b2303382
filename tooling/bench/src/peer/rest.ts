import type { FastifyInstance } from 'fastify';
import { PET_STATUSES, type NewShelfPet, type PetShelf } from '../pet-shelf.js';

const NEW_PET = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'categoryId'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    categoryId: { type: 'integer' },
    status: { type: 'string', enum: PET_STATUSES },
  },
} as const;

const PET = { type: 'object', required: ['id', ...NEW_PET.required], properties: { id: { type: 'integer' }, ...NEW_PET.properties } } as const;

/**
 * The REST list and create as a fastify user writes them: JSON schemas for the body (checked by
 * fastify's validator) and for the answers (written by its compiled serializer).
 */
export function restPeer(app: FastifyInstance, shelf: PetShelf): void {
  app.get('/v1/pets', { schema: { response: { 200: { type: 'array', items: PET } } } }, (_request, reply) => reply.send(shelf.list()));
  app.post('/v1/pets', { schema: { body: NEW_PET, response: { 201: PET } } }, (request, reply) => {
    const pet = shelf.add(request.body as NewShelfPet);
    return reply.code(201).header('Location', `/v1/pets/${pet.id}`).send(pet);
  });
}

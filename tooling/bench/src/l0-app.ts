import Router from '@koa/router';
import Koa from 'koa';
import { leanEnvelopeMiddleware, readJson } from './floors/koa-envelope.js';
import type { LeanEnvelope } from './lean-envelope.js';
import { newPetFrom, type Shelf } from './pet-shelf.js';

/**
 * Reference L0 (servers/l0.ts): bare Koa + @koa/router with the lean envelope the service
 * promises around the REST list and create of the shelf's pets. What a request with that
 * envelope costs on this framework when nothing else is in the way: issue 19 asks the REST list
 * to cost no more. On MongoDB (`mongodb.l0`, `mongodb.l0.create`) the same routes answer from
 * D0's query and D0 insert's write: what the framework and an envelope cost beside the driver.
 */
export function buildL0(envelope: LeanEnvelope, shelf: Shelf): Koa {
  const router = new Router();
  router.get('/v1/pets', (ctx) => {
    const pets = shelf.list();
    // In memory the answer is set at once, as it always was; on MongoDB once the driver answers.
    if (Array.isArray(pets)) ctx.body = pets;
    else
      return pets.then((listed) => {
        ctx.body = listed;
      });
  });
  router.post('/v1/pets', async (ctx) => {
    const pet = ctx.is('application/json') ? newPetFrom(await readJson(ctx.req)) : 'the body must be application/json';
    if (typeof pet === 'string') {
      ctx.status = 400;
      ctx.body = { code: 'invalid_request', message: pet, status: 400 };
      return;
    }
    const added = shelf.add(pet);
    const stored = added instanceof Promise ? await added : added;
    ctx.status = 201;
    ctx.set('Location', `/v1/pets/${stored.id}`);
    ctx.body = stored;
  });

  const app = new Koa();
  // L0's one route is `/v1/pets` (both methods), so the floors' envelope middleware labels it as theirs.
  app.use(leanEnvelopeMiddleware(envelope, '/v1/pets'));
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}

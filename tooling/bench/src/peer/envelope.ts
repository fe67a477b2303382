import type { FastifyInstance } from 'fastify';
import type { Admission, LeanEnvelope } from '../lean-envelope.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the lean envelope made of the request as it arrived. */
    admission: Admission;
  }
}

/** The lean envelope as fastify hooks: admitted or refused on arrival, counted and logged once answered. */
export function useLeanEnvelope(app: FastifyInstance, envelope: LeanEnvelope): void {
  app.decorateRequest('admission');
  app.addHook('onRequest', (request, reply, done) => {
    const admission = envelope.admit(request.headers.authorization);
    request.admission = admission;
    void reply.headers(admission.headers);
    if (!admission.refusal) return done();
    // Answering from a hook without calling done() ends the request there.
    void reply.code(admission.refusal.status).type('application/json').send(admission.refusal.body);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    envelope.finish(request.admission, { method: request.method, path: request.url.split('?', 1)[0] ?? '', route, status: reply.statusCode });
    done();
  });
}

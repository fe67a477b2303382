import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { LeanEnvelope } from '../lean-envelope.js';

const MAX_BODY_BYTES = 16 * 1024;

/** The JSON body, or undefined when it is not JSON or is too long: how L0 and the floors read a create. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** L0's envelope as Koa middleware: admitted or refused on arrival, counted and logged once answered under `route`. */
export function leanEnvelopeMiddleware(envelope: LeanEnvelope, route: string): Koa.Middleware {
  return async (ctx, next) => {
    const admission = envelope.admit(ctx.get('authorization') || undefined);
    ctx.set(admission.headers);
    if (admission.refusal) {
      ctx.status = admission.refusal.status;
      ctx.type = 'application/json';
      ctx.body = admission.refusal.body;
    } else await next();
    envelope.finish(admission, { method: ctx.method, path: ctx.path, route: ctx.status === 404 ? 'unmatched' : route, status: ctx.status });
  };
}

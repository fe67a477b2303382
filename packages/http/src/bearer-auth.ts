import type { Middleware } from 'koa';
import type { Authenticate, Principal } from '@petstore/domain';
import { requestReport } from './observability/request-report.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

export interface AuthState {
  principal: Principal;
}

/** The Koa face of the one bearer-key check: rejects before any other validation runs. */
export function requireApiKey(authenticate: Authenticate): Middleware<AuthState> {
  return async (ctx, next) => {
    const report = requestReport(ctx.req);
    const principal = await authenticate(ctx.get('Authorization') || undefined, { clientAddress: report.clientAddress });
    ctx.state.principal = principal;
    report.authenticated(principal);
    if (principal.rateLimit) ctx.set(rateLimitHeaders(principal.rateLimit));
    await next();
  };
}

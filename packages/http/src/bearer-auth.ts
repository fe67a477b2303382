import type { Middleware } from 'koa';
import type { Authenticate, Principal } from '@petstore/domain';

export interface AuthState {
  principal: Principal;
}

/** The Koa face of the one bearer-key check: rejects before any other validation runs. */
export function requireApiKey(authenticate: Authenticate): Middleware<AuthState> {
  return async (ctx, next) => {
    ctx.state.principal = await authenticate(ctx.get('Authorization') || undefined);
    await next();
  };
}

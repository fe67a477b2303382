import type { RequestListener } from 'node:http';
import type Koa from 'koa';

/**
 * A Koa app as Node's request listener. Koa answers every failure itself (`ctx.onerror`), so the
 * promise its callback returns never rejects; Node ignores a listener's result, and so does this.
 */
export function requestListener<State>(app: Koa<State>): RequestListener {
  const handle = app.callback();
  return (req, res) => {
    void handle(req, res);
  };
}

import type { Context } from 'koa';

/**
 * A request refused before Apollo sees it (body too large, malformed JSON, oversized batch),
 * answered in the GraphQL response shape so a GraphQL client can read it like any other error.
 */
export class GraphqlHttpFailure extends Error {
  override readonly name = 'GraphqlHttpFailure';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  respond(ctx: Context): void {
    ctx.status = this.status;
    ctx.type = 'application/json';
    ctx.body = { errors: [{ message: this.message, extensions: { code: this.code } }] };
  }
}

/**
 * A failure that only exists at the HTTP layer (wrong method, wrong media type, unknown route),
 * as opposed to a DomainError, which every door can meet.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

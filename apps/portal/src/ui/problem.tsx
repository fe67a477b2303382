import { ApiError } from '../api.js';

/** A refusal as the API worded it, announced to screen readers as it appears. */
export function Problem({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  const message = error instanceof ApiError ? error.message : error instanceof Error ? error.message : 'something went wrong';
  return (
    <p class="problem" role="alert">
      {message}
    </p>
  );
}

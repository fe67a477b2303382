/** The `Link` header that points at the next page, keeping the caller's limit and status. */
export function nextPageLink(apiBase: string, query: { limit?: unknown; status?: unknown }, cursor: string): string {
  const params = new URLSearchParams();
  if (typeof query.limit === 'number') params.set('limit', String(query.limit));
  if (typeof query.status === 'string') params.set('status', query.status);
  params.set('after', cursor);
  return `<${apiBase}/pets?${params.toString()}>; rel="next"`;
}

/**
 * A curl line for each door, with the key's text or its prefix where the key goes: what the empty
 * state and the shown-once key offer to try first. The address is this page's own origin.
 */
export function curlLines(key: string): Array<{ door: string; line: string }> {
  const base = location.origin;
  const auth = `-H 'Authorization: Bearer ${key}'`;
  return [
    { door: 'REST', line: `curl -s ${base}/v1/pets ${auth}` },
    {
      door: 'GraphQL',
      line: `curl -s ${base}/graphql ${auth} -H 'Content-Type: application/json' -d '{"query":"{ pets(limit: 5) { id name status } }"}'`,
    },
    { door: 'tRPC', line: `curl -s '${base}/trpc/pets.list?input=%7B%22limit%22%3A5%7D' ${auth}` },
  ];
}

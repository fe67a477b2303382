/** The status each pet door answers a read with this key: REST's list, GraphQL's `pets`, tRPC's `pets.list`. */
export async function callEveryDoor(baseUrl: string, key: string): Promise<{ rest: number; graphql: number; trpc: number }> {
  const auth = { Authorization: `Bearer ${key}` };
  const [rest, graphql, trpc] = await Promise.all([
    fetch(`${baseUrl}/v1/pets?limit=1`, { headers: auth }),
    fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ pets(limit: 1) { id } }' }),
    }),
    fetch(`${baseUrl}/trpc/pets.list?input=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`, { headers: auth }),
  ]);
  await Promise.all([rest.text(), graphql.text(), trpc.text()]);
  return { rest: rest.status, graphql: graphql.status, trpc: trpc.status };
}

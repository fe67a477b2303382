import type { Schemas } from './api.js';

/** What of a key decides the lines that try it: the doors it may call, and a browser key's origin. */
type KeyShape = Pick<Schemas['Key'], 'kind' | 'scopes' | 'origins'>;

/**
 * A curl line for each door a key may call, with the key's text or its prefix where the key goes:
 * what the empty state and the shown-once key offer to try first. The address is this page's own
 * origin. A browser key's lines send its first allowed origin, as its page's browser would (without
 * one it is refused); a management key's line reads the account's keys.
 */
export function curlLines(key: string, shape?: KeyShape): Array<{ door: string; line: string }> {
  const base = location.origin;
  const origin = shape?.kind === 'browser' && shape.origins?.[0] ? ` -H 'Origin: ${shape.origins[0]}'` : '';
  const auth = `-H 'Authorization: Bearer ${key}'${origin}`;
  const lines: Array<{ door: string; line: string }> = [];
  if (!shape || shape.scopes.includes('pets:read'))
    lines.push(
      { door: 'REST', line: `curl -s ${base}/v1/pets ${auth}` },
      {
        door: 'GraphQL',
        line: `curl -s ${base}/graphql ${auth} -H 'Content-Type: application/json' -d '{"query":"{ pets(limit: 5) { id name status } }"}'`,
      },
      { door: 'tRPC', line: `curl -s '${base}/trpc/pets.list?input=%7B%22limit%22%3A5%7D' ${auth}` },
    );
  if (shape?.scopes.some((scope) => scope === 'keys:read' || scope === 'keys:manage'))
    lines.push({ door: 'Management API', line: `curl -s ${base}/manage/v1/keys ${auth}` });
  return lines;
}

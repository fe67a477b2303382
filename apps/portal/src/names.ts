import { api, ApiError } from './api.js';
import type { Key, Member } from './wire.js';

/** What the portal calls the account's keys and people, by id: a key's name (else its prefix; with it, where two share a name), a person's email. */
export interface Names {
  /** The account's keys, as listKeys answered, for a page that lists them. */
  keys: Key[];
  /** The members, as listMembers answered (none when it refused this person: 403). */
  people: ReadonlyArray<Pick<Member, 'personId' | 'email'>>;
  key(id: string): string | undefined;
  person(id: string): string | undefined;
}

export function namesOf(keys: Key[], members: ReadonlyArray<Pick<Member, 'personId' | 'email'>>): Names {
  // A rolled key and its replacement share a name: where names repeat, the prefix tells them apart.
  const named = keys.map((key) => key.name ?? key.prefix);
  const repeated = new Set(named.filter((name, index) => named.indexOf(name) !== index));
  const keyNames = new Map(keys.map((key, index) => [key.id, repeated.has(named[index]!) ? `${named[index]} (${key.prefix})` : named[index]!]));
  const people = new Map(members.map((member) => [member.personId, member.email]));
  return { keys, people: members, key: (id) => keyNames.get(id), person: (id) => people.get(id) };
}

/** The account's keys and members, named; the members stay unnamed for a person the API does not show them to (403). */
export async function fetchNames(): Promise<Names> {
  const [{ keys }, members] = await Promise.all([
    api<{ keys: Key[] }>('GET', '/keys'),
    api<{ members: Member[] }>('GET', '/members').catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 403) return { members: [] };
      throw error;
    }),
  ]);
  return namesOf(keys, members.members);
}

import { answer, ApiError, manage, type Schemas } from './api.js';

/** What a name is made of: a key's id, name and prefix, as listKeys answers them. */
type NamedKey = Pick<Schemas['Key'], 'id' | 'name' | 'prefix'>;
type NamedPerson = Pick<Schemas['MemberList']['members'][number], 'personId' | 'email'>;

/** What the portal calls the account's keys and people, by id: a key's name (else its prefix; with it, where two share a name), a person's email. */
export interface Names {
  /** The account's keys, as listKeys answered, for a page that lists them. */
  keys: readonly NamedKey[];
  /** The members, as listMembers answered (none when it refused this person: 403). */
  people: readonly NamedPerson[];
  key(id: string): string | undefined;
  person(id: string): string | undefined;
}

export function namesOf(keys: readonly NamedKey[], members: readonly NamedPerson[]): Names {
  // A rolled key and its replacement share a name: where names repeat, the prefix tells them apart.
  const named = keys.map((key) => key.name ?? key.prefix);
  const repeated = new Set(named.filter((name, index) => named.indexOf(name) !== index));
  const keyNames = new Map(keys.map((key, index) => [key.id, repeated.has(named[index]!) ? `${named[index]} (${key.prefix})` : named[index]!]));
  const people = new Map(members.map((member) => [member.personId, member.email]));
  return { keys, people: members, key: (id) => keyNames.get(id), person: (id) => people.get(id) };
}

/** The account's members, or none for a person the API does not show them to (403). */
async function membersShown(): Promise<NamedPerson[]> {
  try {
    return (await answer(manage.GET('/members'))).members;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
}

/** The account's keys and members, named. */
export async function fetchNames(): Promise<Names> {
  const [{ keys }, members] = await Promise.all([answer(manage.GET('/keys')), membersShown()]);
  return namesOf(keys, members);
}

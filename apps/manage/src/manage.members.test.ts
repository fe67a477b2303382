import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvitationList, MemberList, SessionList } from './openapi/member-answers.js';
import { BrowserClient, type Answer } from './testing/browser-client.js';
import { invitationToken, newEmail, newMember, newOwner, signIn, type SignedInPerson } from './testing/people.js';
import { startManage, STORES } from './testing/start-manage.js';

type Caller = 'owner' | 'member' | "another account's owner";

/** What a row acts on: its id in the path, and whether it is still there (for a row that may change it). */
interface Target {
  id: string;
  stillThere?: () => Promise<boolean>;
}

/** The people of one test: an account with its owner and a member, and another account with its owner and a member. */
interface Cast {
  owner: SignedInPerson;
  member: SignedInPerson;
  otherOwner: SignedInPerson;
  otherMember: SignedInPerson;
  baseUrl: string;
}

const callerOf = (cast: Cast, caller: Caller): SignedInPerson =>
  ({ owner: cast.owner, member: cast.member, "another account's owner": cast.otherOwner })[caller];

const membersOf = async (owner: SignedInPerson) => MemberList.parse((await owner.browser.send('GET', '/members')).body).members;
const openInvitationsOf = async (owner: SignedInPerson) =>
  InvitationList.parse((await owner.browser.send('GET', '/invitations')).body).invitations.filter((each) => each.revokedAt === null);

/** A person of the account the owner owns, found there or not. */
const memberTarget = (owner: SignedInPerson, person: SignedInPerson): Target => ({
  id: person.personId,
  stillThere: async () => (await membersOf(owner)).some((each) => each.personId === person.personId),
});

/** A new open invitation of the owner's account. */
async function invitationTarget(owner: SignedInPerson): Promise<Target> {
  const answer = await owner.browser.send('POST', '/invitations', { body: { email: newEmail('invited') } });
  invitationToken(answer);
  const id = String((answer.body?.['invitation'] as { id: string }).id);
  return { id, stillThere: async () => (await openInvitationsOf(owner)).some((each) => each.id === id) };
}

/** A new session of the person, signed in from another browser. */
async function sessionTarget(person: SignedInPerson, baseUrl: string): Promise<Target> {
  const other = await signIn(baseUrl, person.email);
  return { id: other.sessionId, stillThere: async () => (await other.browser.send('GET', '/session')).status === 200 };
}

const UNKNOWN_PERSON: Target = { id: 'per_AAAAAAAAAAAAAAAA' };
const UNKNOWN_INVITATION: Target = { id: 'inv_AAAAAAAAAAAAAAAA' };
const UNKNOWN_SESSION: Target = { id: 'ses_AAAAAAAAAAAAAAAAAAAAAA' };

interface Row {
  caller: Caller;
  operation: string;
  target: string;
  status: number;
  /** The request, against the target the row names (made new for the row when it may be changed). */
  send: (as: SignedInPerson, cast: Cast) => Promise<{ answer: Answer; target?: Target }>;
}

const row = (caller: Caller, operation: string, target: string, status: number, send: Row['send']): Row => ({
  caller,
  operation,
  target,
  status,
  send,
});
const on = (method: string, path: string, body?: unknown) => async (as: SignedInPerson) => ({
  answer: await as.browser.send(method, path, { body }),
});
const at = (method: string, base: string, targetOf: (cast: Cast) => Target | Promise<Target>) => async (as: SignedInPerson, cast: Cast) => {
  const target = await targetOf(cast);
  return { answer: await as.browser.send(method, `${base}/${target.id}`), target };
};
const invite = () => async (as: SignedInPerson) => ({
  answer: await as.browser.send('POST', '/invitations', { body: { email: newEmail('invited') } }),
});

/**
 * Who may do what to whom, as one table: the account's owner manages its people and invitations, a
 * member may not (403), another account's owner finds nothing of this account (404, never 403), and
 * each person sees and ends only their own sessions. A refused row leaves its target as it was.
 */
const TABLE: Row[] = [
  row('owner', 'listMembers', 'own account', 200, on('GET', '/members')),
  row('member', 'listMembers', 'own account', 403, on('GET', '/members')),
  row("another account's owner", 'listMembers', 'own account', 200, on('GET', '/members')),
  row('owner', 'inviteMember', 'a new address', 201, invite()),
  row('member', 'inviteMember', 'a new address', 403, invite()),
  row('owner', 'inviteMember', 'a member of the account', 409, async (as, cast) => ({
    answer: await as.browser.send('POST', '/invitations', { body: { email: cast.member.email } }),
  })),
  row(
    'owner',
    'removeMember',
    'a member of the account',
    204,
    at('DELETE', '/members', async (cast) => memberTarget(cast.owner, await newMember(cast.baseUrl, cast.owner))),
  ),
  row(
    'owner',
    'removeMember',
    'the last owner (themselves)',
    409,
    at('DELETE', '/members', (cast) => memberTarget(cast.owner, cast.owner)),
  ),
  row(
    'owner',
    'removeMember',
    "another account's member",
    404,
    at('DELETE', '/members', (cast) => memberTarget(cast.otherOwner, cast.otherMember)),
  ),
  row(
    'owner',
    'removeMember',
    'an unknown person',
    404,
    at('DELETE', '/members', () => UNKNOWN_PERSON),
  ),
  row(
    'member',
    'removeMember',
    'a member of the account',
    403,
    at('DELETE', '/members', async (cast) => memberTarget(cast.owner, await newMember(cast.baseUrl, cast.owner))),
  ),
  row(
    'member',
    'removeMember',
    'the owner',
    403,
    at('DELETE', '/members', (cast) => memberTarget(cast.owner, cast.owner)),
  ),
  row(
    "another account's owner",
    'removeMember',
    'a member of the account',
    404,
    at('DELETE', '/members', (cast) => memberTarget(cast.owner, cast.member)),
  ),
  row(
    "another account's owner",
    'removeMember',
    'the owner',
    404,
    at('DELETE', '/members', (cast) => memberTarget(cast.owner, cast.owner)),
  ),
  row('owner', 'listInvitations', 'own account', 200, on('GET', '/invitations')),
  row('member', 'listInvitations', 'own account', 403, on('GET', '/invitations')),
  row(
    'owner',
    'revokeInvitation',
    'an open invitation of the account',
    204,
    at('DELETE', '/invitations', (cast) => invitationTarget(cast.owner)),
  ),
  row(
    'owner',
    'revokeInvitation',
    "another account's invitation",
    404,
    at('DELETE', '/invitations', (cast) => invitationTarget(cast.otherOwner)),
  ),
  row(
    'owner',
    'revokeInvitation',
    'an unknown invitation',
    404,
    at('DELETE', '/invitations', () => UNKNOWN_INVITATION),
  ),
  row(
    'member',
    'revokeInvitation',
    'an open invitation of the account',
    403,
    at('DELETE', '/invitations', (cast) => invitationTarget(cast.owner)),
  ),
  row(
    "another account's owner",
    'revokeInvitation',
    'an open invitation of the account',
    404,
    at('DELETE', '/invitations', (cast) => invitationTarget(cast.owner)),
  ),
  row('owner', 'listSessions', 'own sessions', 200, on('GET', '/sessions')),
  row('member', 'listSessions', 'own sessions', 200, on('GET', '/sessions')),
  row(
    'owner',
    'endSession',
    'another session of their own',
    204,
    at('DELETE', '/sessions', (cast) => sessionTarget(cast.owner, cast.baseUrl)),
  ),
  row(
    'member',
    'endSession',
    "the owner's session",
    404,
    at('DELETE', '/sessions', (cast) => sessionTarget(cast.owner, cast.baseUrl)),
  ),
  row(
    "another account's owner",
    'endSession',
    "the owner's session",
    404,
    at('DELETE', '/sessions', (cast) => sessionTarget(cast.owner, cast.baseUrl)),
  ),
  row(
    'owner',
    'endSession',
    'an unknown session',
    404,
    at('DELETE', '/sessions', () => UNKNOWN_SESSION),
  ),
];

describe.each(STORES)('members, invitations and sessions over HTTP, on the $name', ({ uri }) => {
  let service: RunningService;
  let cast: Cast;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri });
    const baseUrl = service.baseUrl;
    const owner = await newOwner(baseUrl);
    const otherOwner = await newOwner(baseUrl);
    cast = { baseUrl, owner, otherOwner, member: await newMember(baseUrl, owner), otherMember: await newMember(baseUrl, otherOwner) };
  });
  afterAll(async () => {
    await service?.close();
  });

  it.each(TABLE)('$caller · $operation · $target → $status', async ({ caller, status, send }) => {
    const { answer, target } = await send(callerOf(cast, caller), cast);
    expect(answer.status, answer.text).toBe(status);
    if (status >= 400) expect(answer.body).toMatchObject({ status, code: expect.any(String), message: expect.any(String) });
    if (target?.stillThere) expect(await target.stillThere(), 'the target is there after the answer').toBe(status >= 400);
  });

  it("lists the account's people to its owner, and nothing of the account to another account's owner", async () => {
    const listed = await membersOf(cast.owner);
    expect(listed.slice(0, 2).map(({ personId, role }) => [personId, role])).toEqual([
      [cast.owner.personId, 'owner'],
      [cast.member.personId, 'member'],
    ]);
    expect(listed.map(({ personId }) => personId)).not.toContain(cast.otherMember.personId);
    const theirs = JSON.stringify(await membersOf(cast.otherOwner));
    expect(theirs).toContain(cast.otherMember.email);
    expect(theirs).not.toContain(cast.owner.email);
    expect(theirs).not.toContain(cast.member.email);
  });

  it('signs a removed member out: their session ends with their membership', async () => {
    const removed = await newMember(cast.baseUrl, cast.owner);
    expect((await removed.browser.send('GET', '/session')).status).toBe(200);
    expect((await cast.owner.browser.send('DELETE', `/members/${removed.personId}`)).status).toBe(204);
    expect((await removed.browser.send('GET', '/session')).status).toBe(401);
  });

  it('lists a session by its handle, never its token, marks the current one, and ending the current one clears the cookie', async () => {
    const here = await signIn(cast.baseUrl, cast.member.email);
    const token = here.browser.token();
    const listed = await here.browser.send('GET', '/sessions');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.text).not.toContain(token);
    const { sessions } = SessionList.parse(listed.body);
    expect(sessions.filter((each) => each.current).map((each) => each.id)).toEqual([here.sessionId]);
    expect(sessions.map((each) => each.id)).toContain(cast.member.sessionId);
    for (const each of sessions) expect(each.id).toMatch(/^ses_[A-Za-z0-9_-]{22}$/);

    const ended = await here.browser.send('DELETE', `/sessions/${here.sessionId}`);
    expect(ended.status, ended.text).toBe(204);
    expect(ended.headers.getSetCookie()).toEqual(['petstore_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0']);
    expect((await here.browser.send('GET', '/session')).status).toBe(401);
    const after = SessionList.parse((await cast.member.browser.send('GET', '/sessions')).body).sessions;
    expect(after.map((each) => each.id)).not.toContain(here.sessionId);
  });

  it('refuses a cross-site change (another Origin, or a form) as for every session operation, and changes nothing', async () => {
    const target = memberTarget(cast.owner, cast.member);
    const session = await sessionTarget(cast.owner, cast.baseUrl);
    const before = (await openInvitationsOf(cast.owner)).length;
    const crossSite = { Origin: 'https://attacker.example' };
    const asForm = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const attempts = [
      await cast.owner.browser.send('POST', '/invitations', { body: { email: newEmail('csrf') }, headers: crossSite }),
      await cast.owner.browser.send('POST', '/invitations', { rawBody: 'email=csrf%40example.test', headers: asForm }),
      await cast.owner.browser.send('DELETE', `/members/${target.id}`, { headers: crossSite }),
      await cast.owner.browser.send('DELETE', `/sessions/${session.id}`, { headers: crossSite }),
      await cast.owner.browser.send('DELETE', `/sessions/${session.id}`, { headers: { Origin: undefined } }),
    ];
    for (const answer of attempts)
      expect(answer.body).toMatchObject({ status: 403, code: 'forbidden', message: expect.stringMatching(/cross-site/) });
    expect(await target.stillThere?.()).toBe(true);
    expect(await session.stillThere?.()).toBe(true);
    expect((await openInvitationsOf(cast.owner)).length).toBe(before);
  });

  it('answers 401 to every one of these operations without a session', async () => {
    const anonymous = new BrowserClient(cast.baseUrl);
    for (const [method, path] of [
      ['GET', '/members'],
      ['POST', '/invitations'],
      ['DELETE', `/members/${cast.member.personId}`],
      ['GET', '/invitations'],
      ['DELETE', '/invitations/inv_x'],
      ['GET', '/sessions'],
      ['DELETE', `/sessions/${cast.member.sessionId}`],
    ] as const) {
      const answer = await anonymous.send(method, path, method === 'POST' ? { body: { email: newEmail() } } : {});
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });
});

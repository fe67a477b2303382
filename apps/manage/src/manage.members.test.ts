import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedInvitationAnswer, InvitationList, MemberList, SessionList } from './openapi/member-answers.js';
import { BrowserClient } from './testing/browser-client.js';
import { byKey, bySession, issuedKey } from './testing/management-callers.js';
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
  const { id } = CreatedInvitationAnswer.parse(answer.body).invitation;
  return { id, stillThere: async () => (await openInvitationsOf(owner)).some((each) => each.id === id) };
}

/** A new session of the person, signed in from another browser. */
async function sessionTarget(person: SignedInPerson, baseUrl: string): Promise<Target> {
  const other = await signIn(baseUrl, person.email);
  return { id: other.sessionId, stillThere: async () => (await other.browser.send('GET', '/session')).status === 200 };
}

/** What each row's target names, made new for the row when the row may change it. */
const TARGETS = {
  'their own account': () => ({ id: '' }),
  'a new address': () => ({ id: newEmail('invited') }),
  "a member's address": (cast) => ({ id: cast.member.email }),
  'a member of the account': (cast) => memberTarget(cast.owner, cast.member),
  'a new member of the account': async (cast) => memberTarget(cast.owner, await newMember(cast.baseUrl, cast.owner)),
  'the owner of the account': (cast) => memberTarget(cast.owner, cast.owner),
  "another account's member": (cast) => memberTarget(cast.otherOwner, cast.otherMember),
  'an unknown person': () => ({ id: 'per_AAAAAAAAAAAAAAAA' }),
  'an open invitation of the account': (cast) => invitationTarget(cast.owner),
  "another account's invitation": (cast) => invitationTarget(cast.otherOwner),
  'an unknown invitation': () => ({ id: 'inv_AAAAAAAAAAAAAAAA' }),
  "a new session of the account's owner": (cast) => sessionTarget(cast.owner, cast.baseUrl),
  'an unknown session': () => ({ id: 'ses_AAAAAAAAAAAAAAAAAAAAAA' }),
} satisfies Record<string, (cast: Cast) => Target | Promise<Target>>;

/** Each operation's request, against a target's id. */
const REQUESTS = {
  listMembers: () => ({ method: 'GET', path: '/members' }),
  inviteMember: (email) => ({ method: 'POST', path: '/invitations', body: { email } }),
  removeMember: (id) => ({ method: 'DELETE', path: `/members/${id}` }),
  listInvitations: () => ({ method: 'GET', path: '/invitations' }),
  revokeInvitation: (id) => ({ method: 'DELETE', path: `/invitations/${id}` }),
  listSessions: () => ({ method: 'GET', path: '/sessions' }),
  endSession: (id) => ({ method: 'DELETE', path: `/sessions/${id}` }),
} satisfies Record<string, (id: string) => { method: string; path: string; body?: unknown }>;

/**
 * Who may do what to whom, as one table (caller, operation, target, status): the account's owner
 * manages its people and invitations, a member may not (403), another account's owner finds
 * nothing of this account (404, never 403), and each person sees and ends only their own
 * sessions. A refused row leaves its target as it was; an allowed change removes it.
 */
const TABLE: Array<[Caller, keyof typeof REQUESTS, keyof typeof TARGETS, number]> = [
  ['owner', 'listMembers', 'their own account', 200],
  ['member', 'listMembers', 'their own account', 403],
  ["another account's owner", 'listMembers', 'their own account', 200],
  ['owner', 'inviteMember', 'a new address', 201],
  ['member', 'inviteMember', 'a new address', 403],
  ['owner', 'inviteMember', "a member's address", 409],
  ['owner', 'removeMember', 'a new member of the account', 200],
  ['owner', 'removeMember', 'the owner of the account', 409],
  ['owner', 'removeMember', "another account's member", 404],
  ['owner', 'removeMember', 'an unknown person', 404],
  ['member', 'removeMember', 'a new member of the account', 403],
  ['member', 'removeMember', 'the owner of the account', 403],
  ["another account's owner", 'removeMember', 'a member of the account', 404],
  ["another account's owner", 'removeMember', 'the owner of the account', 404],
  ['owner', 'listInvitations', 'their own account', 200],
  ['member', 'listInvitations', 'their own account', 403],
  ['owner', 'revokeInvitation', 'an open invitation of the account', 204],
  ['owner', 'revokeInvitation', "another account's invitation", 404],
  ['owner', 'revokeInvitation', 'an unknown invitation', 404],
  ['member', 'revokeInvitation', 'an open invitation of the account', 403],
  ["another account's owner", 'revokeInvitation', 'an open invitation of the account', 404],
  ['owner', 'listSessions', 'their own account', 200],
  ['member', 'listSessions', 'their own account', 200],
  ['owner', 'endSession', "a new session of the account's owner", 204],
  ['owner', 'endSession', 'an unknown session', 404],
  ['member', 'endSession', "a new session of the account's owner", 404],
  ["another account's owner", 'endSession', "a new session of the account's owner", 404],
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

  it.each(TABLE)('%s · %s · %s → %i', async (caller, operation, targetName, status) => {
    const target: Target = await TARGETS[targetName](cast);
    const request: { method: string; path: string; body?: unknown } = REQUESTS[operation](target.id);
    const answer = await callerOf(cast, caller).browser.send(request.method, request.path, { body: request.body });
    expect(answer.status, answer.text).toBe(status);
    if (status >= 400) expect(answer.body).toMatchObject({ status, code: expect.any(String), message: expect.any(String) });
    if (target.stillThere) expect(await target.stillThere(), 'the target is there after the answer').toBe(status >= 400);
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
    expect((await cast.owner.browser.send('DELETE', `/members/${removed.personId}`)).status).toBe(200);
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

  it('lets no management key manage people: with the key alone each of these operations answers 401 and changes nothing', async () => {
    const { key } = await issuedKey(bySession(cast.owner.browser), { name: 'manager', scopes: ['keys:manage'] });
    const send = byKey(cast.baseUrl, key);
    const target = memberTarget(cast.owner, cast.member);
    const answers = [
      await send('GET', '/members'),
      await send('POST', '/invitations', { email: newEmail('by-key') }),
      await send('DELETE', `/members/${target.id}`),
      await send('GET', '/invitations'),
      await send('GET', '/sessions'),
      await send('DELETE', `/sessions/${cast.owner.sessionId}`),
    ];
    for (const answer of answers) expect(answer.body).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await target.stillThere?.()).toBe(true);
    expect((await cast.owner.browser.send('GET', '/session')).status).toBe(200);
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

import { describe, expect, it } from 'vitest';
import { isScope } from '../auth/scopes.js';
import { CATALOGUE, isOperationName, isRemoved, OPERATION_NAMES, sunsetDay, type Surface } from './catalogue.js';

describe('the operation catalogue', () => {
  const onSurface = (surface: Surface) => OPERATION_NAMES.filter((name) => CATALOGUE[name].surface === surface);

  it('holds the three operations of the contract on the pets surface, each called with a key, with the scope, cost and stability each has', () => {
    const pets = onSurface('pets');
    expect(pets.map((name) => [name, CATALOGUE[name].callers, CATALOGUE[name].scope, CATALOGUE[name].cost, CATALOGUE[name].stability])).toEqual([
      ['listPets', 'key', 'pets:read', 1, 'stable'],
      ['createPet', 'key', 'pets:write', 1, 'stable'],
      ['getPet', 'key', 'pets:read', 1, 'stable'],
    ]);
    for (const name of pets) expect(isScope(CATALOGUE[name].scope ?? ''), name).toBe(true);
  });

  it('holds the operations of people, sessions and keys on the manage surface, all beta, each with who may call it', () => {
    const manage = onSurface('manage');
    expect(Object.fromEntries(manage.map((name) => [name, CATALOGUE[name].callers]))).toEqual({
      signUp: 'anyone',
      verifyEmail: 'anyone',
      signIn: 'anyone',
      requestPasswordReset: 'anyone',
      resetPassword: 'anyone',
      acceptInvitation: 'anyone',
      startPasskeySignIn: 'anyone',
      finishPasskeySignIn: 'anyone',
      signOut: 'session',
      signOutEverywhere: 'session',
      getSession: 'session',
      changePassword: 'session',
      startPasskeyRegistration: 'session',
      finishPasskeyRegistration: 'session',
      listPasskeys: 'session',
      deletePasskey: 'session',
      getAccount: 'session-or-key',
      listKeys: 'session-or-key',
      getKey: 'session-or-key',
      createKey: 'session-or-key',
      updateKey: 'session-or-key',
      rollKey: 'session-or-key',
      revokeKey: 'session-or-key',
      listAuditRecords: 'session-or-key',
      listMembers: 'session',
      inviteMember: 'session',
      removeMember: 'session',
      listSessions: 'session',
      endSession: 'session',
      listInvitations: 'session',
      revokeInvitation: 'session',
      getUsage: 'session-or-key',
      getDeprecationReport: 'session-or-key',
    });
    for (const name of manage) expect(CATALOGUE[name].stability, name).toBe('beta');
    // A management key reads with keys:read and changes with keys:manage; never with a pet scope.
    const keyScopes = manage.flatMap((name) => (CATALOGUE[name].scope === undefined ? [] : [CATALOGUE[name].scope]));
    expect(new Set(keyScopes)).toEqual(new Set(['keys:read', 'keys:manage']));
    expect(onSurface('pets').length + manage.length).toBe(OPERATION_NAMES.length);
  });

  it('gives a scope to exactly the operations a key may call', () => {
    for (const name of OPERATION_NAMES) {
      const { callers, scope } = CATALOGUE[name];
      expect(scope !== undefined, name).toBe(callers === 'key' || callers === 'session-or-key');
    }
  });

  it('deprecates getPet alone, removed on 2030-12-05, with listPets as its successor', () => {
    expect(OPERATION_NAMES.filter((name) => CATALOGUE[name].deprecation !== undefined)).toEqual(['getPet']);
    const deprecation = CATALOGUE.getPet.deprecation;
    expect(deprecation && sunsetDay(deprecation)).toBe('2030-12-05');
    expect(deprecation?.since.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('names as every successor an operation of the catalogue that is not itself on its way out', () => {
    for (const name of OPERATION_NAMES) {
      const successor = CATALOGUE[name].deprecation?.successor;
      if (successor === undefined) continue;
      expect(isOperationName(successor), name).toBe(true);
      if (isOperationName(successor)) expect(CATALOGUE[successor].deprecation, name).toBeUndefined();
    }
  });

  it('removes a deprecated operation from its sunset instant on, and never one that is not deprecated', () => {
    const sunset = new Date('2030-12-05T00:00:00Z');
    expect(isRemoved(CATALOGUE.getPet, new Date(sunset.getTime() - 1))).toBe(false);
    expect(isRemoved(CATALOGUE.getPet, sunset)).toBe(true);
    expect(isRemoved(CATALOGUE.listPets, new Date('2100-01-01T00:00:00Z'))).toBe(false);
  });

  it('knows its names, and no inherited property is one', () => {
    expect(isOperationName('getPet')).toBe(true);
    expect(isOperationName('pets.get')).toBe(false);
    expect(isOperationName('hasOwnProperty')).toBe(false);
  });
});

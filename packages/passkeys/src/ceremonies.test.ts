import type { Passkey, Person } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { registrationOptions, verifiedCredential } from './registration.js';
import { relyingPartyOf } from './relying-party.js';
import { signInOptions, verifiedCounter } from './sign-in.js';
import { SoftAuthenticator } from '@petstore/testing';

const rp = relyingPartyOf('https://petstore.example.com');
const person = (id: string): Person => ({
  id,
  email: `${id}@example.com`,
  emailVerifiedAt: null,
  passwordHash: 'unused',
  passwordChangedAt: new Date(0),
  createdAt: new Date(0),
});

/** Registers a passkey for the person through the ceremony's two halves, as the service does. */
async function register(authenticator: SoftAuthenticator, owner: Person): Promise<Passkey> {
  const options = await registrationOptions(rp, owner, []);
  const credential = await verifiedCredential(rp, authenticator.create(options), options.challenge);
  return {
    id: credential.id,
    personId: owner.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: 'Passkey',
    createdAt: new Date(0),
    lastUsedAt: null,
  };
}

describe('the registration ceremony', () => {
  it('asks for a discoverable credential bound to the RP ID, excluding the passkeys the person has', async () => {
    const owner = person('per_a');
    const existing = await register(new SoftAuthenticator({ origin: rp.origin }), owner);
    const options = await registrationOptions(rp, owner, [existing]);
    expect(options.rp).toEqual({ id: 'petstore.example.com', name: 'Pet store' });
    expect(options.user.name).toBe('per_a@example.com');
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe('per_a');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });
    expect(options.excludeCredentials).toEqual([{ id: existing.id, type: 'public-key', transports: ['internal'] }]);
    expect(options.timeout).toBe(5 * 60_000);
  });

  it('verifies a new credential made for this origin and the challenge given', async () => {
    const passkey = await register(new SoftAuthenticator({ origin: rp.origin }), person('per_a'));
    expect(passkey.counter).toBe(0);
    expect(Buffer.from(passkey.publicKey, 'base64url').length).toBeGreaterThan(64);
  });

  it('refuses a credential made on another origin', async () => {
    const options = await registrationOptions(rp, person('per_a'), []);
    const phished = new SoftAuthenticator({ origin: 'https://petstore.example.net' }).create(options);
    await expect(verifiedCredential(rp, phished, options.challenge)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('refuses a credential that answers another challenge', async () => {
    const options = await registrationOptions(rp, person('per_a'), []);
    const other = await registrationOptions(rp, person('per_a'), []);
    const answer = new SoftAuthenticator({ origin: rp.origin }).create(other);
    await expect(verifiedCredential(rp, answer, options.challenge)).rejects.toMatchObject({ code: 'invalid_request' });
  });
});

describe('the sign-in ceremony', () => {
  it('offers every discoverable passkey: no allowCredentials', async () => {
    const options = await signInOptions(rp);
    expect(options.rpId).toBe('petstore.example.com');
    expect(options.allowCredentials).toBeUndefined();
    expect(options.userVerification).toBe('preferred');
  });

  it("verifies an assertion with the passkey's key and answers the authenticator's new counter", async () => {
    const authenticator = new SoftAuthenticator({ origin: rp.origin });
    const passkey = await register(authenticator, person('per_a'));
    const options = await signInOptions(rp);
    await expect(verifiedCounter(rp, authenticator.get(options, 0, 3), passkey, options.challenge)).resolves.toBe(3);
  });

  it('refuses a counter that did not grow past the one last seen', async () => {
    const authenticator = new SoftAuthenticator({ origin: rp.origin });
    const passkey = { ...(await register(authenticator, person('per_a'))), counter: 7 };
    const options = await signInOptions(rp);
    await expect(verifiedCounter(rp, authenticator.get(options, 0, 7), passkey, options.challenge)).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it("refuses an assertion signed by another person's authenticator under this passkey's id", async () => {
    const mine = new SoftAuthenticator({ origin: rp.origin });
    const theirs = new SoftAuthenticator({ origin: rp.origin });
    const passkey = await register(mine, person('per_a'));
    await register(theirs, person('per_a'));
    const options = await signInOptions(rp);
    const forged = { ...theirs.get(options), id: passkey.id, rawId: passkey.id };
    await expect(verifiedCounter(rp, forged, passkey, options.challenge)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses an assertion whose user handle names someone else than the passkey belongs to', async () => {
    const authenticator = new SoftAuthenticator({ origin: rp.origin });
    const passkey = await register(authenticator, person('per_a'));
    const options = await signInOptions(rp);
    const assertion = authenticator.get(options);
    assertion.response.userHandle = Buffer.from('per_b').toString('base64url');
    await expect(verifiedCounter(rp, assertion, passkey, options.challenge)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses an assertion of another challenge (a replay)', async () => {
    const authenticator = new SoftAuthenticator({ origin: rp.origin });
    const passkey = await register(authenticator, person('per_a'));
    const first = await signInOptions(rp);
    const assertion = authenticator.get(first);
    const second = await signInOptions(rp);
    await expect(verifiedCounter(rp, assertion, passkey, second.challenge)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

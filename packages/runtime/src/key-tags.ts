import { KeyTags, newKeyTagSecret, type KeyTagSecretStore } from '@petstore/domain';
import { z } from 'zod';
import { optionalText } from './env-text.js';

/** Each secret as an operator writes one (`openssl rand -base64 32` makes one): long enough that nobody guesses it. */
const SECRET = /^[A-Za-z0-9\-._~+/=]{32,200}$/;
/** Each is tried on a key whose tag the first did not make: a rotation needs two, a few more leave room for a slow one. */
const MAX_SECRETS = 5;

/**
 * PETSTORE_KEY_TAG_SECRETS: the secrets keys are tagged under, the first tagging new keys and every
 * one checking them (docs/key-tags.md). Unset, the one the database keeps.
 */
export const KEY_TAG_VARIABLES = {
  PETSTORE_KEY_TAG_SECRETS: optionalText.pipe(
    z
      .string()
      .transform((text, context): [string, ...string[]] => {
        const [first, ...more] = text.split(',').map((secret) => secret.trim());
        if (first !== undefined && more.length < MAX_SECRETS && [first, ...more].every((secret) => SECRET.test(secret))) return [first, ...more];
        context.addIssue({
          code: 'custom',
          message:
            `must be a comma-separated list of 1 to ${MAX_SECRETS} secrets of 32 to 200 characters (letters, digits and -._~+/=), ` +
            'the first tagging new keys; make one with: openssl rand -base64 32',
        });
        return z.NEVER;
      })
      .optional(),
  ),
};

/**
 * The secrets this process tags and checks keys under: PETSTORE_KEY_TAG_SECRETS when set, else the
 * one the store keeps (made by whichever process asks first, so every instance on a database and the
 * command line agree with no configuration). A secret the store keeps still checks keys once
 * secrets are configured, so that configuring them refuses no key made before.
 */
export async function keyTagsOf(configured: [string, ...string[]] | undefined, store: KeyTagSecretStore): Promise<KeyTags> {
  if (configured === undefined) return new KeyTags([await store.claim(newKeyTagSecret())]);
  const stored = await store.find();
  return new KeyTags(stored === null || configured.includes(stored) ? configured : [...configured, stored]);
}

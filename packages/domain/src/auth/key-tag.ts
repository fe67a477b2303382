import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { keyTextPrefix, MARKED_KEY_TEXT_PREFIXES, type KeyEnvironment } from './key-environment.js';
import type { KeyKind } from './ports.js';

/** A key's random part: 32 bytes, 43 characters of base64url. */
const RANDOM_BYTES = 32;
const RANDOM_CHARACTERS = Math.ceil((RANDOM_BYTES * 8) / 6);
/**
 * The tag: the first 12 bytes of an HMAC-SHA256, so a made-up tag is right once in 2^96 tries;
 * exactly 16 characters of base64url, no padding, each text one tag.
 */
const TAG_BYTES = 12;
const TAG_CHARACTERS = (TAG_BYTES * 8) / 6;

/**
 * The tagged shape: a kind and environment prefix, the random part and the tag. Keys issued before
 * tags have no tag (16 characters shorter) or no such prefix, and a development key an operator
 * chose is whatever text they chose, so neither is mistaken for a tagged key unless it is one.
 */
const TAGGED_SHAPE = new RegExp(`^(?:${MARKED_KEY_TEXT_PREFIXES.join('|')})[A-Za-z0-9_-]{${RANDOM_CHARACTERS + TAG_CHARACTERS}}$`);

/** What a key's text says before any lookup (docs/key-tags.md). */
export type KeyTagVerdict =
  /** Of the tagged shape, tagged under one of the secrets: this service made it, so it is worth a lookup whoever sends it. */
  | 'tagged'
  /** Of the tagged shape, with a tag no secret makes: made up, refused without a lookup. */
  | 'forged'
  /** Any other text (a key issued before tags, a development key an operator chose): only a lookup tells. */
  | 'untagged';

/**
 * Tells the keys this service made from made-up ones by their text alone: a new key ends with an
 * HMAC of its prefix and random part under a secret every instance shares. It is no credential (a
 * key is still looked up, and its hash is what is stored): it only spares the database a lookup per
 * made-up key, so that nothing must hold a real key back (docs/key-throttle.md).
 */
export class KeyTags {
  private readonly signing: KeyObject;
  private readonly checking: readonly KeyObject[];

  /** The first secret tags new keys; each of them checks keys, so a rotation lists the older ones after the new one. */
  constructor(secrets: readonly [string, ...string[]]) {
    const [signing, ...checking] = secrets.map((secret) => createSecretKey(Buffer.from(secret, 'utf8')));
    if (!signing) throw new Error('key tags need a secret');
    this.signing = signing;
    this.checking = [signing, ...checking];
  }

  /** A new key of `kind` for `environment`: its prefix, 32 random bytes and their tag under the first secret. */
  newKey(environment: KeyEnvironment, kind: KeyKind = 'secret'): string {
    const body = keyTextPrefix(kind, environment) + randomBytes(RANDOM_BYTES).toString('base64url');
    return body + tagOf(this.signing, body).toString('base64url');
  }

  verdict(key: string): KeyTagVerdict {
    if (!TAGGED_SHAPE.test(key)) return 'untagged';
    const body = key.slice(0, -TAG_CHARACTERS);
    const tag = Buffer.from(key.slice(-TAG_CHARACTERS), 'base64url');
    // In constant time, so the answer's timing tells nothing of how much of a made-up tag was right.
    return this.checking.some((secret) => timingSafeEqual(tagOf(secret, body), tag)) ? 'tagged' : 'forged';
  }
}

/** A new secret to tag keys under, for a store that keeps none yet: 32 random bytes, base64url. */
export function newKeyTagSecret(): string {
  return randomBytes(32).toString('base64url');
}

function tagOf(secret: KeyObject, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest().subarray(0, TAG_BYTES);
}

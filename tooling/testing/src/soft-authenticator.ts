import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCbor, type Cbor } from './cbor.js';

/** What the authenticator reads of WebAuthn's options (JSON, as the service sends them). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string | undefined };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
}

/** The browser's answers as PublicKeyCredential's toJSON() writes them. */
interface CredentialJson<Response> {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  response: Response;
}
export type RegistrationJson = CredentialJson<{ clientDataJSON: string; attestationObject: string; transports: Array<'internal'> }>;
export type AuthenticationJson = CredentialJson<{ clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string }>;

/** What a browser adds around the authenticator: the page's origin, written into clientDataJSON. */
export interface BrowserSide {
  origin: string;
}

interface HeldCredential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/**
 * A software authenticator (ES256, "none" attestation, counter kept) with a browser's part of
 * the ceremony, for unit tests of the ceremonies without Chromium: it makes the same bytes a
 * security key would (WebAuthn §6.1 authenticator data, §6.5.4 attestation object), so the service
 * verifies them with @simplewebauthn/server exactly as it verifies a real one. The browser test
 * (apps/gateway/src/browser/passkeys.browser.test.ts) is the proof with a real browser.
 */
export class SoftAuthenticator {
  readonly credentials: HeldCredential[] = [];

  constructor(private readonly browser: BrowserSide) {}

  create(options: CreationOptions): RegistrationJson {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const held: HeldCredential = { id: randomBytes(16), rpId: options.rp.id ?? '', userHandle: options.user.id, privateKey, counter: 0 };
    this.credentials.push(held);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(held.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, held.id, encodeCbor(coseKey)]);
    const authData = Buffer.concat([authenticatorData(held, 0x45), attested]);
    const attestationObject = encodeCbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64(held.id),
      rawId: b64(held.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** Signs the challenge with the `which`-th credential held (the newest by default), its counter moved by `step`. */
  get(options: RequestOptions, which = this.credentials.length - 1, step = 1): AuthenticationJson {
    const held = this.credentials[which];
    if (held === undefined) throw new Error('no credential held');
    held.counter += step;
    const authData = authenticatorData(held, 0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), held.privateKey);
    return {
      id: b64(held.id),
      rawId: b64(held.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: held.userHandle },
    };
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.browser.origin, crossOrigin: false }));
  }
}

/** RP ID hash, flags (user present 0x01, verified 0x04, attested credential 0x40) and the counter. */
function authenticatorData(held: HeldCredential, flags: number): Buffer {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(held.counter);
  return Buffer.concat([sha256(held.rpId), Buffer.from([flags]), counter]);
}

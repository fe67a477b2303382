import type * as SimpleWebAuthn from '@simplewebauthn/server';

/**
 * @simplewebauthn/server, loaded at the first ceremony rather than at start-up: with its ASN.1
 * and COSE dependencies it is the largest thing the runtime imports, and most processes (the
 * command line, an instance nobody signs in to with a passkey) never run a ceremony.
 */
let loading: Promise<typeof SimpleWebAuthn> | undefined;

export function webauthnLibrary(): Promise<typeof SimpleWebAuthn> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}

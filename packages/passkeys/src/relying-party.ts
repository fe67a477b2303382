/** Who the browser registers passkeys with, and the one page origin whose ceremonies count. */
export interface RelyingParty {
  /** The RP ID: the public base URL's hostname. A passkey is bound to it for life. */
  id: string;
  /** The public base URL's origin (scheme, host and port), as the browser writes it into clientDataJSON. */
  origin: string;
  /** Shown by the browser and the authenticator beside the person's email. */
  name: string;
}

/**
 * The relying party of the public base URL. Browsers offer WebAuthn only to secure contexts (https,
 * or http on localhost) and never to an IP address, so the service must be reached by its name.
 * Changing the hostname strands every passkey registered before: browsers will not offer them to
 * another RP ID.
 */
export function relyingPartyOf(publicBaseUrl: string, name = 'Pet store'): RelyingParty {
  const url = new URL(publicBaseUrl);
  return { id: url.hostname, origin: url.origin, name };
}

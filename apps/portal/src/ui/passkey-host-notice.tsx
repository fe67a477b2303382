import { passkeyHost } from '../passkey-host.js';

/** Whether this page can make and use passkeys: not at an IP address (passkey-host.ts). */
export function passkeysWorkHere(): boolean {
  return typeof PublicKeyCredential !== 'undefined' && passkeyHost(new URL(window.location.href)).works;
}

/** Says, where passkeys cannot work, why, and links to the same page where they do; nothing elsewhere. */
export function PasskeyHostNotice() {
  const host = passkeyHost(new URL(window.location.href));
  if (host.works) return null;
  return (
    <p class="notice" role="note">
      Passkeys need a host name: browsers refuse them at {window.location.hostname}.{' '}
      {host.localhost ? (
        <>
          Open <a href={host.localhost}>this page at localhost</a> (and sign in there) to use one.
        </>
      ) : (
        'Open the portal at its host name to use one.'
      )}
    </p>
  );
}

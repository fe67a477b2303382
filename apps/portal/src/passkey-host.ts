/** Whether a page at `url` can make and use passkeys, and, where it cannot, the same page where it can. */
export interface PasskeyHost {
  works: boolean;
  /** The page at localhost, when `url` is at a loopback address (the same machine, the same port). */
  localhost?: string | undefined;
}

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;
const LOOPBACK = /^(127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Browsers make passkeys for a host name only, never an IP address ("This is an invalid domain."),
 * and without HTTPS only at localhost: so `npm start` opened at 127.0.0.1 offers localhost instead.
 */
export function passkeyHost(url: URL): PasskeyHost {
  if (!IP_ADDRESS.test(url.hostname)) return { works: true };
  if (!LOOPBACK.test(url.hostname)) return { works: false, localhost: undefined };
  const there = new URL(url.href);
  there.hostname = 'localhost';
  return { works: false, localhost: there.href };
}

import Bowser from 'bowser';

/** A User-Agent as a person reads it, "Chrome on Linux": parsed by bowser, which keeps up with browsers so this page need not. */
export function browserName(userAgent: string): string {
  if (userAgent.trim() === '') return 'an unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name || userAgent.split('/')[0] || userAgent;
  return os.name ? `${name} on ${os.name}` : name;
}

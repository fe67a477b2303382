/** One line per command, `petstore <group> <verb> …`, shown in the help and per group. */
const COMMAND_LINES = [
  '  petstore accounts create --name <name>',
  '      create an account and print its id',
  '  petstore accounts list',
  '      list every account, oldest first, with when it was suspended',
  '  petstore accounts suspend <accountId>',
  '      suspend an account: its keys get 401 saying so (on other instances within',
  '      PETSTORE_KEY_CACHE_SECONDS) and its people cannot sign in',
  '  petstore accounts resume <accountId>',
  '      lift a suspension: the keys and sign-ins work again',
  '  petstore keys create --account <accountId> [--name "CI deploy"] [--scopes pets:read,pets:write]',
  '                       [--expires-in 30d | --expires-at 2027-01-01T00:00:00Z] [--rate-limit 1000]',
  '      issue an API key (shown once, never again); by default with no name, both scopes, no',
  '      expiry and the service-wide PETSTORE_RATE_LIMIT',
  '  petstore keys update <keyId> [--name …] [--scopes …] [--rate-limit N | --rate-limit default]',
  "      change a key's name, scopes or its own rate limit (default: back to PETSTORE_RATE_LIMIT)",
  '  petstore keys roll <keyId> [--overlap 24h]',
  '      issue a new key with the same name, scopes, expiry and limit (shown once); the old one keeps',
  '      working for the overlap (24h by default; 0 ends it now)',
  '  petstore keys list --account <accountId>',
  "      list an account's keys: names, prefixes (never the keys), scopes, limits, expiry, last use",
  '  petstore keys revoke <keyId>',
  '      revoke a key; requests using it then fail with 401',
  '  petstore audit list [--account <accountId>] [--since 2026-01-01T00:00:00Z]',
  '      every change to accounts, keys and people, newest first: when, who, what, which attributes',
  '  petstore usage --account <accountId> [--key <keyId>] [--since 2026-11-01T00:00:00Z]',
  "      an account's calls by key, operation, door and outcome (the last 30 days, or since the",
  '      day of --since, up to 400 days), and who still calls a deprecated operation',
  '  petstore people list [--account <accountId>]',
  '      list the people who sign in (never a password): email, whether verified, account and role',
  '  petstore people reset-link <email>',
  '      print a one-time link (valid 1 hour) that sets a new password for the person with this email',
  '  petstore invites create --email <email> [--account <accountId> [--role member|owner]]',
  '      print a one-time invitation link (valid 7 days, usable once, only by that email): into the',
  '      account (as a member unless --role owner), or without --account to sign up with a new',
  '      account of their own, which they own (refused when PETSTORE_SIGNUP=closed)',
];

export const COMMAND_GROUPS = ['accounts', 'keys', 'audit', 'people', 'invites'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

export const USAGE = `petstore: manage the accounts, API keys and people of the pet store service

Usage:
${COMMAND_LINES.join('\n')}
  petstore <accounts|keys|audit|people|invites>
      list the commands of a group
  petstore --help
      show this help

Values: a key's name is 1 to 100 characters, none of them control or format characters; scopes
are pets:read (list and read pets) and pets:write (add pets); durations are a whole number of
s, m, h or d (30d, 24h); instants are ISO 8601 (2027-01-01T00:00:00Z, 2027-01-01).

Options (each at most once):
  --json       print machine-readable JSON (errors go to stderr as {"error":{code,message}})
  -h, --help   show this help

Environment (read and checked as the service reads it; see docs/operations.md, Configuration):
  MONGODB_URI         connection string of the service's MongoDB database (required)
  MONGODB_DB          database name (default: petstore)
  MONGODB_TIMEOUT_MS  how long to wait for the database (default: 3000)
  PETSTORE_ACTOR      who the audit trail names for changes (default: the operating-system user)
  PUBLIC_BASE_URL     the service's public address, which printed links point at (required by
                      people reset-link and invites create)
  PETSTORE_SIGNUP     open, invite or closed: closed refuses invitations to sign up (docs/email.md)
  PETSTORE_ENV        the service's environment: production issues live keys (psk_live_…),
                      staging and development test keys (psk_test_…) (default: development)

Exit status: 0 done; 1 failed (unknown account, key or person, a key already rolled or revoked,
sign-up closed, database unavailable); 2 bad usage (no command, an incomplete or unknown one, a
repeated option, a bad value) or bad configuration.`;

/** The commands of one group, for `petstore <group>` alone: each command line with its description. */
export function groupUsage(group: CommandGroup): string {
  const lines: string[] = [];
  let inGroup = false;
  for (const line of COMMAND_LINES) {
    if (line.startsWith('  petstore ')) inGroup = line.startsWith(`  petstore ${group} `);
    if (inGroup) lines.push(line);
  }
  return `petstore ${group}: one of these commands\n\n${lines.join('\n')}\n\nRun "petstore --help" for options, environment and exit status.`;
}

/** One line per command, `petstore <group> <verb> …`, shown in the help and per group. */
const COMMAND_LINES = [
  '  petstore accounts create --name <name>       create an account and print its id',
  '  petstore keys create --account <accountId>   issue an API key (shown once, never again)',
  "  petstore keys list --account <accountId>     list an account's keys (prefixes, never the keys)",
  '  petstore keys revoke <keyId>                 revoke a key; requests using it then fail with 401',
];

export const COMMAND_GROUPS = ['accounts', 'keys'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

export const USAGE = `petstore: manage the accounts and API keys of the pet store service

Usage:
${COMMAND_LINES.join('\n')}
  petstore <accounts|keys>                     list the commands of a group
  petstore --help                              show this help

Options (each at most once):
  --json       print machine-readable JSON (errors go to stderr as {"error":{code,message}})
  -h, --help   show this help

Environment (read and checked as the service reads it; see the README's configuration table):
  MONGODB_URI         connection string of the service's MongoDB database (required)
  MONGODB_DB          database name (default: petstore)
  MONGODB_TIMEOUT_MS  how long to wait for the database (default: 3000)

Exit status: 0 done; 1 failed (unknown account or key, database unavailable);
2 bad usage (no command, an incomplete or unknown one, a repeated option) or bad configuration.`;

/** The commands of one group, for `petstore <group>` alone. */
export function groupUsage(group: CommandGroup): string {
  const lines = COMMAND_LINES.filter((line) => line.startsWith(`  petstore ${group} `));
  return `petstore ${group}: one of these commands\n\n${lines.join('\n')}\n\nRun "petstore --help" for options, environment and exit status.`;
}

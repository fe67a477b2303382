import type { AccountService, KeySummary } from '@petstore/domain';
import type { StoreCommand } from './args.js';
import type { Output } from './output.js';

export interface CommandDeps {
  accounts: AccountService;
}

export const KEY_SHOWN_ONCE_WARNING = 'Store this key now: it will not be shown again (only its hash is kept).';

/**
 * Runs one command and writes its result: text for people, or one JSON document with `json`.
 * Failures are thrown (DomainError for unknown accounts and keys) for the caller to report.
 */
export async function runCommand(command: StoreCommand, deps: CommandDeps, output: Output, json: boolean): Promise<void> {
  const print = (value: unknown, text: () => string[]): void => {
    if (json) output.out(JSON.stringify(value));
    else for (const line of text()) output.out(line);
  };
  switch (command.action) {
    case 'create-account': {
      const account = await deps.accounts.createAccount(command.name);
      print(account, () => [`created account ${account.id} (${account.name})`]);
      return;
    }
    case 'create-key': {
      const issued = await deps.accounts.createKey(command.accountId);
      // On stderr so that stdout stays the result alone, and yet a person at a terminal sees it.
      output.err(KEY_SHOWN_ONCE_WARNING);
      print(issued, () => [`key:     ${issued.key}`, `id:      ${issued.id}`, `prefix:  ${issued.prefix}`]);
      return;
    }
    case 'list-keys': {
      const keys = await deps.accounts.listKeys(command.accountId);
      print(keys, () => (keys.length === 0 ? [`account ${command.accountId} has no keys`] : keyTable(keys)));
      return;
    }
    case 'revoke-key': {
      const key = await deps.accounts.revokeKey(command.keyId);
      print(key, () => [`revoked key ${key.id} (${key.prefix}…) at ${key.revokedAt?.toISOString()}`]);
      return;
    }
  }
}

function keyTable(keys: KeySummary[]): string[] {
  const rows = [
    ['ID', 'PREFIX', 'CREATED', 'REVOKED'],
    ...keys.map((key) => [key.id, key.prefix, key.createdAt.toISOString(), key.revokedAt?.toISOString() ?? '-']),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

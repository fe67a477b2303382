import { OPERATOR, operatorOn, type AccountService, type KeyService, type PeopleService, type UsageService } from '@petstore/domain';
import type { StoreCommand } from './args.js';
import { auditTable } from './audit-text.js';
import { issuedKeyLines, keyTable, revokedKeyLine, rolledKeyLines, updatedKeyLine } from './key-text.js';
import type { Output } from './output.js';
import { runPeopleCommand } from './people-commands.js';
import { accountTable } from './people-text.js';
import { quoted } from './quoted.js';
import { usageLines } from './usage-text.js';
import { visibleText } from './visible-text.js';

export interface CommandDeps {
  accounts: AccountService;
  /** The one writer of keys, which the command line calls as the operator. */
  keys: KeyService;
  people: PeopleService;
  usage: UsageService;
}

export const KEY_SHOWN_ONCE_WARNING = 'Store this key now: it will not be shown again (only its hash is kept).';

/**
 * Runs one command and writes its result: text for people, or one JSON document with `json`.
 * Failures are thrown (DomainError for unknown accounts and keys) for the caller to report.
 */
export async function runCommand(command: StoreCommand, deps: CommandDeps, output: Output, json: boolean): Promise<void> {
  // What is printed holds names and ids from the database: shown with hidden characters escaped.
  const print = (value: unknown, text: () => string[]): void => {
    if (json) output.out(visibleText(JSON.stringify(value)));
    else for (const line of text()) output.out(visibleText(line));
  };
  const { accounts, keys } = deps;
  switch (command.action) {
    case 'list-people':
    case 'reset-link':
    case 'create-invitation':
      return runPeopleCommand(command, deps.people, print, (line) => output.err(line));
    case 'list-accounts': {
      const listed = await accounts.listAccounts();
      print(listed, () => (listed.length === 0 ? ['no accounts'] : accountTable(listed)));
      return;
    }
    case 'suspend-account': {
      const account = await accounts.suspendAccount(command.accountId);
      const at = account.suspendedAt?.toISOString() ?? '';
      print(account, () => [
        `account ${account.id} ${quoted(account.name)} is suspended since ${at}: its keys are refused and its people cannot sign in`,
      ]);
      return;
    }
    case 'resume-account': {
      const account = await accounts.resumeAccount(command.accountId);
      print(account, () => [`account ${account.id} ${quoted(account.name)} is not suspended: its keys and sign-ins work`]);
      return;
    }
    case 'create-account': {
      const account = await accounts.createAccount(command.name);
      print(account, () => [`created account ${account.id} ${quoted(account.name)}`]);
      return;
    }
    case 'create-key': {
      const { action: _action, accountId, ...options } = command;
      const issued = await keys.createKey(operatorOn(accountId), options);
      // On stderr so that stdout stays the result alone, and yet a person at a terminal sees it.
      output.err(KEY_SHOWN_ONCE_WARNING);
      print(issued, () => issuedKeyLines(issued));
      return;
    }
    case 'update-key': {
      const { action: _action, keyId, ...update } = command;
      const key = await keys.updateKey(OPERATOR, keyId, update);
      print(key, () => [updatedKeyLine(key)]);
      return;
    }
    case 'roll-key': {
      const rolled = await keys.rollKey(OPERATOR, command.keyId, { overlapSeconds: command.overlapSeconds });
      output.err(KEY_SHOWN_ONCE_WARNING);
      const { id, overlapEndsAt } = rolled.replaced;
      print({ ...rolled.key, replaced: { id, overlapEndsAt } }, () => rolledKeyLines(rolled));
      return;
    }
    case 'list-keys': {
      const listed = await keys.listKeys(operatorOn(command.accountId));
      print(listed, () => (listed.length === 0 ? [`account ${command.accountId} has no keys`] : keyTable(listed)));
      return;
    }
    case 'revoke-key': {
      const key = await keys.revokeKey(OPERATOR, command.keyId);
      print(key, () => [revokedKeyLine(key)]);
      return;
    }
    case 'usage': {
      const { accountId, keyId, since } = command;
      // The account must exist: an unknown id is an operator's slip, not an account without calls.
      await keys.listKeys(operatorOn(accountId));
      const usage = await deps.usage.usageOfAccount(accountId, { keyId, from: since?.toISOString(), granularity: 'day' });
      const deprecation = await deps.usage.deprecationReportOfAccount(accountId);
      print({ usage, deprecation }, () => usageLines(accountId, usage, deprecation));
      return;
    }
    case 'list-audit': {
      const records = await accounts.listAudit({ accountId: command.accountId, since: command.since });
      print(records, () => (records.length === 0 ? ['no changes recorded'] : auditTable(records)));
      return;
    }
  }
}

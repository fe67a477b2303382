import type { PeopleService } from '@petstore/domain';
import type { StoreCommand } from './args.js';
import { invitationLines, peopleTable, resetLinkLines } from './people-text.js';

/** The commands about people and invitations. */
export type PeopleCommand = Extract<StoreCommand, { action: 'list-people' | 'reset-link' | 'create-invitation' }>;

/** Writes a result: text lines, or one JSON document (both escaped by the caller's `print`). */
export type Print = (value: unknown, text: () => string[]) => void;

export const LINK_SHOWN_ONCE_WARNING =
  'Pass this link on privately, to that address only: it will not be shown again, it works once, and whoever holds it can use it.';

/** The commands that print a one-time link, which points at PUBLIC_BASE_URL. */
export const LINK_ACTIONS: ReadonlySet<StoreCommand['action']> = new Set(['reset-link', 'create-invitation']);

export async function runPeopleCommand(command: PeopleCommand, people: PeopleService, print: Print, warn: (line: string) => void): Promise<void> {
  switch (command.action) {
    case 'list-people': {
      const listed = await people.listPeople({ accountId: command.accountId });
      print(listed, () =>
        listed.length === 0 ? [command.accountId ? `account ${command.accountId} has no people` : 'no people'] : peopleTable(listed),
      );
      return;
    }
    case 'reset-link': {
      const link = await people.resetLinkFor(command.email);
      warn(LINK_SHOWN_ONCE_WARNING);
      print({ email: command.email.toLowerCase(), ...link }, () => resetLinkLines(command.email.toLowerCase(), link));
      return;
    }
    case 'create-invitation': {
      const created = await people.inviteAsOperator(command.accountId, { email: command.email, ...(command.role && { role: command.role }) });
      warn(LINK_SHOWN_ONCE_WARNING);
      print(created, () => invitationLines(created));
      return;
    }
  }
}

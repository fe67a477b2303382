import type { AccountService } from '@petstore/domain';

export interface DevKey {
  key: string;
  /** False when the key came from PETSTORE_DEV_API_KEY, true when it was made up at start-up. */
  generated: boolean;
}

/** The embedded store starts empty, so the server gives it one account and one key to use. */
export async function registerDevKey(accounts: AccountService, preset: string | undefined): Promise<DevKey> {
  const account = await accounts.createAccount('development');
  // Both scopes and no expiry: the key a developer tries every door with.
  const issued = await accounts.createKey(account.id, { presetKey: preset });
  return { key: issued.key, generated: preset === undefined };
}

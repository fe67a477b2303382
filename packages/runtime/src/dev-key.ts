import { isDomainError, operatorOn, type AccountService, type KeyService } from '@petstore/domain';
import { ConfigError } from './config.js';

export interface DevKey {
  key: string;
  /** False when the key came from PETSTORE_DEV_API_KEY, true when it was made up at start-up. */
  generated: boolean;
}

/** The embedded store starts empty, so the server gives it one account and one key to use. */
export async function registerDevKey(accounts: AccountService, keys: KeyService, preset: string | undefined): Promise<DevKey> {
  const account = await accounts.createAccount('development');
  try {
    // Both scopes and no expiry: the key a developer tries every door with.
    const issued = await keys.createKey(operatorOn(account.id), preset === undefined ? {} : { presetKey: preset });
    return { key: issued.key, generated: preset === undefined };
  } catch (error) {
    // A key printed by an earlier start is tagged under that start's secret (docs/key-tags.md).
    if (isDomainError(error) && error.code === 'invalid_request') {
      throw new ConfigError(
        `invalid configuration: PETSTORE_DEV_API_KEY: ${error.message} (a key printed by an earlier start is tagged under ` +
          "that start's secret: set PETSTORE_KEY_TAG_SECRETS to keep one across starts)",
      );
    }
    throw error;
  }
}

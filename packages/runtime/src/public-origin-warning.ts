import type { Config } from './config.js';
import { peoplesBaseUrl } from './people.js';

/**
 * Logs at start-up, outside development, that PUBLIC_BASE_URL is unset. The service then names
 * `http://localhost:PORT` as its origin: every Location and Link it answers, every mailed link and
 * the passkeys' relying party point at a machine no client is on, and the session cookie is not
 * marked Secure. A warning rather than a refusal, as for a hop count in PETSTORE_TRUST_PROXY: a
 * staging instance reached only through port forwarding is served correctly that way.
 */
export function warnOfLocalOrigin(
  config: Pick<Config, 'PETSTORE_ENV' | 'PUBLIC_BASE_URL' | 'PORT'>,
  logger: { warn: (fields: { component: string; origin: string }, message: string) => void },
): void {
  if (config.PETSTORE_ENV === 'development' || config.PUBLIC_BASE_URL !== undefined) return;
  const origin = peoplesBaseUrl(config);
  logger.warn(
    { component: 'config', origin },
    `PUBLIC_BASE_URL is not set in ${config.PETSTORE_ENV}: Location and Link headers, mailed links and passkeys name ${origin}, ` +
      'and the session cookie is not Secure; set it to the address clients reach the service at, e.g. https://petstore.example.com',
  );
}

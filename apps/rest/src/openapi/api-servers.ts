import { DEFAULT_PRODUCTION_URL, DEFAULT_STAGING_URL, type Config } from '@petstore/runtime';
import type { ApiServer } from './v1-document.js';

export type ServerConfig = Pick<Config, 'PETSTORE_PRODUCTION_URL' | 'PETSTORE_STAGING_URL'>;

const DEFAULT_SERVER_CONFIG: ServerConfig = {
  PETSTORE_PRODUCTION_URL: DEFAULT_PRODUCTION_URL,
  PETSTORE_STAGING_URL: DEFAULT_STAGING_URL,
};

/**
 * The servers the published document lists: the one serving it first, so that the docs page's
 * "Try it out" and generated clients talk to it, then the two environments of the contract.
 * Without PUBLIC_BASE_URL this server is named by a relative URL, which OpenAPI resolves against
 * the address the document was fetched from.
 */
export function apiServers(publicBaseUrl: string, apiPrefix: string, config: ServerConfig = DEFAULT_SERVER_CONFIG): ApiServer[] {
  const environments: ApiServer[] = [
    { url: config.PETSTORE_PRODUCTION_URL, description: 'Production' },
    { url: config.PETSTORE_STAGING_URL, description: 'Staging' },
  ];
  const url = `${publicBaseUrl}${apiPrefix}`;
  const current = environments.find((server) => server.url === url) ?? { url, description: 'This server' };
  return [current, ...environments.filter((server) => server !== current)];
}

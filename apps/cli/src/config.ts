import { UsageError } from './usage-error.js';

export interface CliConfig {
  mongodbUri: string;
  dbName: string;
}

export const DEFAULT_DB_NAME = 'petstore';

export function readConfig(env: Readonly<Record<string, string | undefined>>): CliConfig {
  const mongodbUri = env['MONGODB_URI']?.trim();
  if (!mongodbUri) {
    throw new UsageError('MONGODB_URI is not set: set it to the connection string of the service database, e.g. mongodb://localhost:27017');
  }
  return { mongodbUri, dbName: env['MONGODB_DB']?.trim() || DEFAULT_DB_NAME };
}

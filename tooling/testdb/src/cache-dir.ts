import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where what the tests build is kept between runs: `PETSTORE_CACHE_DIR`, else ~/.cache/petstore. */
export function cacheDir(): string {
  return process.env['PETSTORE_CACHE_DIR'] ?? join(homedir(), '.cache', 'petstore');
}

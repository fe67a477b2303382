import { join } from 'node:path';
import { cacheDir } from './cache-dir.js';

/**
 * The environment of every Go command the tests run. Go's build and module caches are kept in the
 * cache folder beside what they make, so that a build cut short (a CI job cancelled, a laptop
 * closed) resumes from the packages already compiled and the modules already downloaded, and so
 * that removing the cache folder removes them too: `-modcacherw` leaves the module cache writable
 * (Go makes it read-only otherwise, and `rm -rf` then fails), besides the GOFLAGS already set.
 * GOTOOLCHAIN=local: the Go installed here builds, without downloading another.
 */
export function goEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GOCACHE: join(cacheDir(), 'go', 'build'),
    GOMODCACHE: join(cacheDir(), 'go', 'mod'),
    GOFLAGS: [process.env['GOFLAGS'], '-mod=mod', '-modcacherw'].filter(Boolean).join(' '),
    GOTOOLCHAIN: 'local',
  };
}

#!/usr/bin/env node
/**
 * The preparation step of `npm test` (turbo's `prepare-tests` task, which every `test` task waits
 * for; `npm run prepare-tests` alone): makes what the tests need and is slow to make, before any
 * test runs, so that no test hook's timeout races a build and no build competes with another.
 * Each thing is made once per machine in the cache folder (~/.cache/petstore) behind its lock,
 * and found there on later runs. Order and reasons: docs/ci.md.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureOasdiff } from '@petstore/contracts';
import {
  ensureDebianBase,
  ensureFerretdbImage,
  ensureHostPackages,
  ensureKustomize,
  ensurePetstoreImage,
  ensurePythonTools,
  hasPythonVenv,
} from '@petstore/deploy';
import { ensureSchemathesis } from '@petstore/fuzz';
import { cacheDir, ensureFerretDB, hasGo, makingHere } from '@petstore/testdb';
import { progress } from './progress.js';

const run = promisify(execFile);
const { say, step } = progress((line) => void process.stdout.write(`${line}\n`));

/** What cannot be had here: under CI a failure, as in the tests; elsewhere their loud skip says it. */
function cannot(what: string, reason: string): void {
  if (process.env['CI']) throw new Error(`[prepare] ${what}: ${reason}; CI requires it`);
  say(`!!! not made: ${what} (${reason}); the tests that need it will be skipped`);
}

/** Debian's packages (apt), the Python tools (pip) and the Debian base (debootstrap): mostly waiting on the network. */
async function downloads(): Promise<string | undefined> {
  const missing = await step('podman, runc and debootstrap (apt-get)', ensureHostPackages);
  if (missing) cannot('the container tests', missing);
  // The browser test owns the script that installs Chromium (apps/gateway/src/browser/README.md).
  const chromiumScript = new URL('../../../apps/gateway/src/browser/testing/ensure-chromium.sh', import.meta.url).pathname;
  await step('Chromium (apt-get)', () => run('sh', [chromiumScript], { maxBuffer: 16 * 1024 * 1024 })).catch((error: Error & { stderr?: string }) =>
    cannot('the browser tests', error.stderr?.trim() || error.message),
  );
  if (await hasPythonVenv()) {
    await step('podman-compose and kubernetes-validate (pip)', ensurePythonTools);
    await step('Schemathesis (pip)', ensureSchemathesis);
  } else {
    cannot('the compose, manifest and fuzz tests', 'python3 with venv is not available');
  }
  return missing ? undefined : step('the Debian base image (debootstrap)', ensureDebianBase);
}

/** The Go builds, one after the other: each keeps both cores busy for minutes on a cold machine. */
async function goBuilds(): Promise<boolean> {
  if (!(await hasGo())) {
    cannot('FerretDB, oasdiff and kustomize', 'no Go to build them');
    return false;
  }
  await step('FerretDB (go build)', ensureFerretDB);
  await step('oasdiff (go install)', ensureOasdiff);
  await step('kustomize (go install)', ensureKustomize);
  return true;
}

makingHere();
say(`making what the tests need, in ${cacheDir()}`);
// Two lanes at once: what waits on the network beside what keeps the CPU busy. The image builds
// need both (podman, the base, the FerretDB binary) and are heavy, so they come after, one by one.
const [base, go] = await Promise.all([downloads(), goBuilds()]);
if (base && go) {
  await step('the FerretDB image (podman build)', (log) => ensureFerretdbImage(base, log));
  await step("this checkout's image (podman build of the Containerfile)", (log) => ensurePetstoreImage(base, log));
} else if (base) {
  cannot('the FerretDB image', 'no Go to build FerretDB');
}
say('everything the tests need is made');

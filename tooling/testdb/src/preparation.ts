/**
 * What is slow to make (FerretDB, the Go tools, the images, the Python tools, Chromium) is made by
 * the preparation step, `npm run prepare-tests`, which `npm test` runs before any test: one thing
 * at a time, with progress, and with no test hook's timeout racing it. That process says so with
 * `makingHere()`.
 *
 * A test process under CI only finds what was made, and fails naming the preparation when it is
 * missing: made inside a hook it would compete with every other task for the CPU under that
 * hook's timeout, which is how a cold CI failed. Outside CI a test process still makes what is
 * missing on first use, so that a developer running one suite (`npx vitest run …`) has no step to
 * remember; the lock in the cache folder keeps that to one maker per machine either way.
 */
let preparing = false;

/** Called by the preparation step: this process makes what is missing, CI or not. */
export function makingHere(): void {
  preparing = true;
}

/** Whether this process may make what it does not find. */
export function mayMake(): boolean {
  return preparing || !process.env['CI'];
}

export class NotPrepared extends Error {
  constructor(what: string) {
    super(
      `${what} is not made yet. Under CI the tests only use what the preparation step made: ` +
        'run `npm run prepare-tests` first (`npm test` does; see docs/ci.md).',
    );
    this.name = 'NotPrepared';
  }
}

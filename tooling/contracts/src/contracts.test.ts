import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasGo } from '@petstore/testdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS, currentVersion, readReleaseRecord, RELEASED_DIR, type Contract } from './contracts.js';
import { oasdiffBinaryPath } from './oasdiff.js';
import { verdict } from './verdict.js';

// oasdiff is built with Go on first use; without Go (and no cached build) the OpenAPI check cannot
// run, which is a failure under CI and a loud skip elsewhere, as for the database tests.
const canDiffOpenApi = existsSync(oasdiffBinaryPath()) || (await hasGo());
if (!canDiffOpenApi) {
  if (process.env['CI']) throw new Error('the OpenAPI compatibility check needs Go to build oasdiff (or a cached build)');
  process.stderr.write('\n*** SKIPPING the OpenAPI compatibility check: no Go to build oasdiff ***\n\n');
}
const runnable = (contract: Contract) => contract.name !== 'openapi.json' || canDiffOpenApi;

/** Each contract with one deliberate break of the kind a careless change makes: a response field removed. */
const BREAKS: Record<string, (text: string) => string> = {
  'openapi.json': (text) => {
    const document = JSON.parse(text) as { components: { schemas: { Pet: { properties: Record<string, unknown>; required: string[] } } } };
    const pet = document.components.schemas.Pet;
    delete pet.properties['name'];
    pet.required = pet.required.filter((field) => field !== 'name');
    return JSON.stringify(document);
  },
  'schema.graphql': (text) => text.replace(/^\s*"The animal's name\."\n\s*name: String!\n/m, ''),
};

describe.each(CONTRACTS.filter(runnable))('$name', (contract) => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'petstore-contract-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('keeps what the last release promised, or is released under a new major version', { timeout: 600_000 }, async () => {
    const released = (await readReleaseRecord())[contract.name];
    if (!released) throw new Error(`contracts/released/release.json has no entry for ${contract.name}: run the release script`);
    const breaking = await contract.breakingChanges(join(RELEASED_DIR, contract.name), contract.current);
    const result = verdict(contract.name, breaking, {
      package: contract.package,
      released: released.version,
      current: await currentVersion(contract.package),
    });
    expect(result.ok, result.message).toBe(true);
  });

  it('is caught when a change breaks it', { timeout: 600_000 }, async () => {
    const broken = join(scratch, contract.name);
    const text = await readFile(contract.current, 'utf8');
    const breakIt = BREAKS[contract.name];
    if (!breakIt) throw new Error(`no deliberate break for ${contract.name}`);
    await writeFile(broken, breakIt(text));
    expect(await readFile(broken, 'utf8')).not.toBe(text);
    const breaking = await contract.breakingChanges(contract.current, broken);
    expect(breaking.join('\n')).toMatch(/name/);
    expect(verdict(contract.name, breaking, { package: contract.package, released: '1.0.0', current: '1.1.0' }).ok).toBe(false);
  });

  it('finds nothing breaking between a document and its copy', { timeout: 600_000 }, async () => {
    const copy = join(scratch, `copy-${contract.name}`);
    await cp(contract.current, copy);
    expect(await contract.breakingChanges(contract.current, copy)).toEqual([]);
  });
});

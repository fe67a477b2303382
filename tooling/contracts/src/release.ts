#!/usr/bin/env node
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTRACTS, currentVersion, RELEASE_RECORD, RELEASED_DIR, type ReleaseRecord } from './contracts.js';

/**
 * Run at release, after `changeset version`: keeps the documents this release publishes, and the
 * package versions they belong to, as the baseline every later change is checked against.
 */
await mkdir(RELEASED_DIR, { recursive: true });
const record: ReleaseRecord = {};
for (const contract of CONTRACTS) {
  await copyFile(contract.current, join(RELEASED_DIR, contract.name));
  record[contract.name] = { package: contract.package, version: await currentVersion(contract.package) };
}
await writeFile(RELEASE_RECORD, `${JSON.stringify(record, null, 2)}\n`);
process.stdout.write(`released contracts recorded in ${RELEASED_DIR}\n`);

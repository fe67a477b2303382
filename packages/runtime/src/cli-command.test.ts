import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliCommand } from './cli-command.js';
import type { Runtime } from './runtime.js';
import { announce } from './serve.js';

describe('the command line a start-up hint names', () => {
  let bin: string;
  let empty: string;
  beforeAll(async () => {
    // As the Containerfile does: an executable `petstore` in a directory of the PATH.
    bin = await mkdtemp(join(tmpdir(), 'petstore-bin-'));
    empty = await mkdtemp(join(tmpdir(), 'petstore-empty-'));
    await writeFile(join(bin, 'petstore'), '#!/bin/sh\n');
    await chmod(join(bin, 'petstore'), 0o755);
    await writeFile(join(empty, 'petstore'), 'not executable');
  });
  afterAll(async () => {
    await rm(bin, { recursive: true, force: true });
    await rm(empty, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('is `petstore` where the PATH has it, as in the image, and the npm script elsewhere', () => {
    expect(cliCommand(['/nowhere', bin].join(delimiter))).toBe('petstore');
    expect(cliCommand([empty, '/nowhere', ''].join(delimiter))).toBe('npm run petstore --');
    expect(cliCommand('')).toBe('npm run petstore --');
  });

  it('is the one the MongoDB start-up line tells a person to type', () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => printed.push(String(text)) > 0);
    const runtime = {
      store: 'mongodb',
      devKey: undefined,
      config: { PORT: 3000 },
      people: { mailDelivery: 'mail' },
      publicOrigin: () => 'http://localhost:3000',
    } as unknown as Runtime;
    vi.stubEnv('PATH', ['/usr/bin', bin].join(delimiter));
    announce(runtime, 3000, 'rest');
    vi.stubEnv('PATH', empty);
    announce(runtime, 3000, 'rest');
    expect(printed.join('')).toContain('create keys with `petstore keys create --account <id>`');
    expect(printed[1]).toContain('create keys with `npm run petstore -- keys create --account <id>`');
  });
});

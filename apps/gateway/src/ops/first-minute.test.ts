import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../browser/testing/free-port.js';
import { GATEWAY_MAIN, linkInOutput, spawnGateway, type GatewayProcess } from './testing/gateway-process.js';

const PASSWORD = 'correct horse battery staple 42';

/** A POST as any client may send it, with the headers given (a Host of the client's choosing among them). */
function post(port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (answer) => {
      let text = '';
      answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
    });
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

/** Whether a TCP connection to address:port is accepted. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 2000 });
    const end = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.once('connect', () => end(true));
    socket.once('error', () => end(false));
    socket.once('timeout', () => end(false));
  });
}

/**
 * The first minute of `npm start` (issue 39, findings 5 to 7): the built gateway on the embedded
 * store, in development, without SMTP and without HOST, as a newcomer starts it.
 */
describe('the first minute of npm start', () => {
  let gateway: GatewayProcess;
  let port: number;
  let origin: string;
  beforeAll(async () => {
    port = await freePort();
    origin = `http://localhost:${port}`;
    // HOST blank is HOST unset: the development default applies.
    gateway = await spawnGateway({ PORT: String(port), HOST: '', LOG_LEVEL: 'info' });
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(() => gateway?.stop());

  it('prints the development key and the URLs last, framed, after every other start-up line, naming one origin', () => {
    const lines = gateway.output().trimEnd().split('\n');
    const top = lines.findIndex((line) => line.startsWith('┌'));
    expect(top, gateway.output()).toBeGreaterThan(0);
    const frame = lines.slice(top);
    expect(frame.at(-1)).toMatch(/^└─+$/);
    expect(frame.slice(1, -1).every((line) => line.startsWith('│'))).toBe(true);
    const framed = frame.join('\n');
    expect(framed).toMatch(/development API key \(shown once\): psk_test_\S+/);
    expect(framed).toContain(`${origin}/portal`);
    expect(framed).toContain(`${origin}/v1/pets`);
    expect(framed).not.toContain('127.0.0.1');
    // Every other start-up line (the log's, the store's warning, the mail's note) came before.
    expect(lines.slice(0, top).join('\n')).toContain('"msg":"listening"');
    expect(lines.slice(0, top).join('\n')).toContain('embedded in-memory store');
  });

  it('names what it creates by absolute URLs under the origin it printed, whatever Host the request named', async () => {
    const printed = /Open (\S+)\/portal /.exec(gateway.output())?.[1];
    expect(printed, gateway.output()).toBe(origin);
    const key = /development API key \(shown once\): (\S+)/.exec(gateway.output())?.[1] ?? '';
    const pet = await fetch(`${gateway.baseUrl}/v1/pets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 3, status: 'available' }),
    });
    expect(pet.status, await pet.clone().text()).toBe(201);
    expect(pet.headers.get('location')).toBe(`${origin}/v1/pets/${String(((await pet.json()) as { id: number }).id)}`);

    const headers = { Origin: gateway.baseUrl, 'Content-Type': 'application/json' };
    const person = { email: `locations.${Date.now()}@example.test`, password: PASSWORD };
    expect((await post(port, '/manage/v1/sign-up', { ...person, accountName: 'Locations' })).status).toBe(202);
    const { token } = await linkInOutput(gateway, person.email, 'Verify');
    expect((await post(port, '/manage/v1/verify-email', { token })).status).toBe(204);
    const signedIn = await fetch(`${gateway.baseUrl}/manage/v1/sign-in`, { method: 'POST', headers, body: JSON.stringify(person) });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((set) => set.split(';')[0])
      .join('; ');
    const created = await fetch(`${gateway.baseUrl}/manage/v1/keys`, {
      method: 'POST',
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({ name: 'locations' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(created.headers.get('location')).toBe(`${origin}/manage/v1/keys/${((await created.json()) as { id: string }).id}`);
  });

  it('listens on loopback only', async () => {
    expect(await accepts('127.0.0.1', port)).toBe(true);
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4');
    if (outside) expect(await accepts(outside.address, port)).toBe(false);
  });

  it('completes a password reset from the link written to its output, a link from its origin whatever Host the request named', async () => {
    const email = `first-minute.${Date.now()}@example.test`;
    const signedUp = await post(port, '/manage/v1/sign-up', { email, password: PASSWORD, accountName: 'First Minute' });
    expect(signedUp.status, signedUp.text).toBe(202);
    expect(JSON.parse(signedUp.text)).toMatchObject({ verificationRequired: true, delivery: 'output' });

    // A request naming another host (as a poisoned link would be made from) changes nothing in the link.
    const asked = await post(port, '/manage/v1/password-reset-requests', { email }, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' });
    expect(asked.status, asked.text).toBe(202);
    expect(JSON.parse(asked.text)).toMatchObject({ delivery: 'output' });
    const { url, token } = await linkInOutput(gateway, email, 'Reset');
    expect(url).toBe(`${origin}/portal/reset-password#token=${token}`);
    expect(gateway.output()).not.toContain('evil.example');

    const reset = await post(port, '/manage/v1/password-resets', { token, password: `new ${PASSWORD}` });
    expect(reset.status, reset.text).toBe(204);
    expect((await post(port, '/manage/v1/sign-in', { email, password: `new ${PASSWORD}` })).status).toBe(200);
  });
});

/** util-linux's `script`, which runs a command on a pseudo-terminal: how a test starts the gateway as from a terminal. */
const script = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();

describe.skipIf(!script)('npm start in a terminal', () => {
  it('logs each request as one short line, not JSON', async () => {
    const port = await freePort();
    const child = spawn(script ?? 'script', ['-qfec', `'${process.execPath}' '${GATEWAY_MAIN}'`, '/dev/null'], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORT: String(port), TERM: 'dumb' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 20_000 }).toMatch(/^└─+/m);
      expect((await fetch(`http://127.0.0.1:${port}/v1/pets`)).status).toBe(401);
      await expect.poll(() => output, { timeout: 5000 }).toMatch(/^\d\d:\d\d:\d\d GET \/v1\/pets 401 \d+\.\d ms\r?$/m);
      expect(output).toMatch(/^\d\d:\d\d:\d\d INFO listening port=\d+ store=memory\r?$/m);
      expect(output).not.toContain('{"level"');
    } finally {
      child.kill('SIGTERM');
    }
  });
});

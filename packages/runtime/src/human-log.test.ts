import { describe, expect, it } from 'vitest';
import { humanLines, wantsHumanLog } from './human-log.js';

const at = new Date(2026, 10, 29, 14, 2, 3).getTime();
const line = (fields: Record<string, unknown>) => `${JSON.stringify({ level: 30, time: at, service: 'petstore', env: 'development', ...fields })}\n`;

describe('the human-readable log of development on a terminal', () => {
  it('shows a request as one short line: time, method, path, status, duration, operation', () => {
    const request = {
      requestId: 'r1',
      door: 'rest',
      operation: 'listPets',
      method: 'GET',
      path: '/v1/pets',
      status: 200,
      durationMs: 1.234,
      keyId: 'key_1',
      msg: 'request',
    };
    expect(humanLines(line(request))).toBe('14:02:03 GET /v1/pets 200 1.2 ms listPets\n');
    expect(humanLines(line({ ...request, operation: 'none', status: 404, path: '/nope' }))).toBe('14:02:03 GET /nope 404 1.2 ms\n');
  });

  it('shows any other line as its level, message and fields, and each of several lines on its own', () => {
    const text =
      line({ port: 3000, store: 'memory', msg: 'listening' }) +
      line({ level: 40, component: 'mail', error: 'the relay refused', msg: 'a message could not be sent' });
    expect(humanLines(text)).toBe(
      '14:02:03 INFO listening port=3000 store=memory\n14:02:03 WARN a message could not be sent component=mail error="the relay refused"\n',
    );
  });

  it('keeps a line that is not JSON as it is', () => {
    expect(humanLines('not json\n')).toBe('not json\n');
  });

  it('is chosen in development on a terminal only, and never when the log goes to a file', () => {
    expect(wantsHumanLog({ PETSTORE_ENV: 'development' }, true)).toBe(true);
    expect(wantsHumanLog({ PETSTORE_ENV: 'development' }, false)).toBe(false);
    expect(wantsHumanLog({ PETSTORE_ENV: 'production' }, true)).toBe(false);
    expect(wantsHumanLog({ PETSTORE_ENV: 'staging' }, true)).toBe(false);
    expect(wantsHumanLog({ PETSTORE_ENV: 'development', LOG_FILE: '/tmp/petstore.log' }, true)).toBe(false);
  });
});

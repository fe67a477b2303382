import { describe, expect, it } from 'vitest';
import { acceptRequestId } from './request-id.js';

describe('acceptRequestId', () => {
  it('keeps an id of up to 128 letters, digits, dots, underscores and hyphens', () => {
    expect(acceptRequestId('abc-DEF_1.2')).toBe('abc-DEF_1.2');
    expect(acceptRequestId('x'.repeat(128))).toBe('x'.repeat(128));
  });

  it.each([['x'.repeat(129)], ['has space'], ['new\nline'], ['{"json":1}'], [''], [undefined], [['a', 'b']]])(
    'replaces %j with a fresh UUID',
    (given) => {
      expect(acceptRequestId(given)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    },
  );
});

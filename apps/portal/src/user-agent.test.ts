import { describe, expect, it } from 'vitest';
import { browserName } from './user-agent.js';

describe('a session’s browser in words', () => {
  it('names the browser and the system, as "Chrome on Linux"', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
    expect(
      browserName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Windows');
  });

  it('says what it can of a program that is not a browser, and "an unknown browser" for nothing', () => {
    expect(browserName('curl/8.5.0')).toBe('curl');
    expect(browserName('')).toBe('an unknown browser');
  });
});

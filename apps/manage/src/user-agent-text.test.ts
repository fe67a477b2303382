import { describe, expect, it } from 'vitest';
import { userAgentText } from './user-agent-text.js';

/** A header as Node hands it over: one character per byte sent. */
const asSent = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

describe('userAgentText', () => {
  it('decodes the UTF-8 a browser sent', () => {
    expect(userAgentText(asSent('Mozilla/5.0 (Łódź) Firéfox/130'))).toBe('Mozilla/5.0 (Łódź) Firéfox/130');
  });

  it('drops controls, C1 controls and bidi overrides, which could forge or reorder what is shown', () => {
    expect(userAgentText(asSent('curl/8\n2026-01-01 operator:root \u0085\u009b31m \u202Eevil'))).toBe('curl/82026-01-01 operator:root 31m evil');
  });

  it('drops bytes that are not UTF-8 instead of showing them as Latin-1', () => {
    expect(userAgentText('Agent \xff\xfe/1')).toBe('Agent /1');
  });

  it('is empty when no User-Agent was sent', () => {
    expect(userAgentText(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { answerHead, type HeaderList } from './answer-head.js';

describe('answerHead', () => {
  it("joins the standard Vary to the answer's own, and leaves the answer's own list as it was given", () => {
    const own: HeaderList = ['Content-Type', 'application/json', 'Vary', 'Accept'];
    const head = answerHead(['Vary', 'Origin', 'Cache-Control', 'no-store'], undefined, own);
    expect(head).toEqual(['Cache-Control', 'no-store', 'Content-Type', 'application/json', 'Vary', 'Accept, Origin']);
    expect(own).toEqual(['Content-Type', 'application/json', 'Vary', 'Accept']);
  });

  it('leaves a standard header the answer has its own value for to that value, whatever its case', () => {
    expect(answerHead(['Cache-Control', 'no-store', 'X-Request-Id', 'r'], undefined, ['cache-control', 'no-cache'])).toEqual([
      'X-Request-Id',
      'r',
      'cache-control',
      'no-cache',
    ]);
  });
});

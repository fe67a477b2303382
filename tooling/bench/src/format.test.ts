import { describe, expect, it } from 'vitest';
import { formatCount, formatMs, formatPercent, markdownTable } from './format.js';

describe('formatting', () => {
  it('writes milliseconds with precision suited to their size', () => {
    expect(formatMs(0.41234)).toBe('0.412');
    expect(formatMs(3.214)).toBe('3.21');
    expect(formatMs(45.66)).toBe('45.7');
    expect(formatMs(1234.4)).toBe('1,234');
    expect(formatMs(Number.NaN)).toBe('—');
  });

  it('writes counts with separators and CPU shares as whole percentages', () => {
    expect(formatCount(12345.6)).toBe('12,346');
    expect(formatPercent(0.987)).toBe('99');
  });

  it('makes a markdown table whose cells never split on a pipe', () => {
    expect(markdownTable(['a', 'b'], [['x|y', '1']], ['left', 'right'])).toBe('| a | b |\n| --- | ---: |\n| x\\|y | 1 |');
  });
});

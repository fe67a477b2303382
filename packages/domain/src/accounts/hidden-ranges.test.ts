import { describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTERS, HIDDEN_RANGES } from './display-name.js';

describe('HIDDEN_RANGES', () => {
  it('are the code points HIDDEN_CHARACTERS matches, bar the surrogates, in the Unicode this Node knows', () => {
    const ranges: Array<[number, number]> = [];
    for (let point = 0; point <= 0x10ffff; point += 1) {
      if (point >= 0xd800 && point <= 0xdfff) continue;
      if (!HIDDEN_CHARACTERS.test(String.fromCodePoint(point))) continue;
      const last = ranges.at(-1);
      if (last && last[1] === point - 1) last[1] = point;
      else ranges.push([point, point]);
    }
    expect(ranges).toEqual(HIDDEN_RANGES);
  });
});

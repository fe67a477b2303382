import { describe, expect, it } from 'vitest';
import { BEGIN_MARKER, END_MARKER, withResults } from './benchmarks-file.js';

describe('withResults', () => {
  it('replaces only what lies between the markers', () => {
    const document = `# Benchmarks\n\nHow to run.\n\n${BEGIN_MARKER}\nold table\n${END_MARKER}\n\n## Profiles\n\nhand-written\n`;
    const updated = withResults(document, 'new table');
    expect(updated).toContain('How to run.');
    expect(updated).toContain('new table');
    expect(updated).not.toContain('old table');
    expect(updated.endsWith('## Profiles\n\nhand-written\n')).toBe(true);
  });

  it('appends a results section to a document without markers, and makes one from nothing', () => {
    expect(withResults('# Mine\n', 'table')).toMatch(/^# Mine\n\n## Latest results\n\n.*table/s);
    expect(withResults(undefined, 'table')).toContain(`${BEGIN_MARKER}\n\ntable\n\n${END_MARKER}`);
  });

  it('gives the same document when run twice with the same results', () => {
    const once = withResults('# B\n', 'table');
    expect(withResults(once, 'table')).toBe(once);
  });
});

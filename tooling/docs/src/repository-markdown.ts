import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * The Markdown files of the repository at `root`, as paths relative to it: those git tracks and
 * new ones it does not ignore (so not node_modules, build output or reports), but for the
 * CHANGELOG.md files that changesets writes. A tracked file deleted from the work tree is gone.
 */
export function repositoryMarkdown(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], { cwd: root, encoding: 'utf8' });
  const files = listed.split('\0').filter((path) => path !== '' && basename(path) !== 'CHANGELOG.md' && existsSync(join(root, path)));
  return [...new Set(files)].sort();
}

import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * How a person types the command line where this process runs: `petstore` where it is on the PATH
 * (the image links it into /usr/local/bin, see the Containerfile), else through the repository's
 * npm script (a checkout; the image has no npm).
 */
export function cliCommand(path = process.env['PATH'] ?? ''): string {
  const onPath = path.split(delimiter).some((dir) => dir !== '' && isExecutable(join(dir, 'petstore')));
  return onPath ? 'petstore' : 'npm run petstore --';
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

import { describe, expect, it } from 'vitest';
import { EXIT_ADDRESS_IN_USE, EXIT_NO_PERMISSION, listenFailure } from './listen-failure.js';

const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('listenFailure', () => {
  it('names the port and the PORT variable in one line, with a code per cause', () => {
    expect(listenFailure(failure('EADDRINUSE'), 3000)).toEqual({
      exitCode: EXIT_ADDRESS_IN_USE,
      message: expect.stringMatching(/^cannot start: port 3000 is already in use \(PORT\)/),
    });
    expect(listenFailure(failure('EACCES'), 80)).toEqual({
      exitCode: EXIT_NO_PERMISSION,
      message: expect.stringMatching(/^cannot start: listening on port 80 is not permitted \(PORT\)/),
    });
    for (const refusal of ['EADDRINUSE', 'EACCES'].map((code) => listenFailure(failure(code), 1))) {
      expect(refusal?.message).not.toContain('\n');
    }
  });

  it('leaves any other failure to surface as it is', () => {
    expect(listenFailure(failure('EMFILE'), 3000)).toBeUndefined();
    expect(listenFailure(new Error('boom'), 3000)).toBeUndefined();
  });
});

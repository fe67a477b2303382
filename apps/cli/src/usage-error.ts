/** The command line or the environment is wrong: the user must change how they call us. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

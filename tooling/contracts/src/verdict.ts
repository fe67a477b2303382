/** The version a contract was released with, and the version its package has now. */
export interface Versions {
  package: string;
  released: string;
  current: string;
}

export interface Verdict {
  ok: boolean;
  /** Names each breaking change and what to do about it; empty when there is none. */
  message: string;
}

const major = (version: string): number => Number(/^(\d+)\./.exec(version)?.[1] ?? Number.NaN);

/**
 * A contract may break what its last release promised only in a new major version of the package
 * that publishes it; anything else would break clients that trust semver.
 */
export function verdict(contract: string, breaking: readonly string[], versions: Versions): Verdict {
  if (breaking.length === 0) return { ok: true, message: '' };
  const lines = breaking.map((change) => `  - ${change}`).join('\n');
  if (major(versions.current) > major(versions.released)) {
    return { ok: true, message: `${contract} breaks ${versions.released}, released as ${versions.package}@${versions.current}:\n${lines}` };
  }
  return {
    ok: false,
    message:
      `${contract} breaks what ${versions.package}@${versions.released} promised:\n${lines}\n` +
      `Keep the old behaviour, or mark the break: add a major changeset for ${versions.package} (npx changeset) ` +
      `and run \`npx changeset version\`.`,
  };
}

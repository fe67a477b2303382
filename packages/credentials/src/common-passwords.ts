let loading: Promise<ReadonlySet<string>> | undefined;

/**
 * The common-password dictionary of zxcvbn-ts (`@zxcvbn-ts/language-common`, 49,233 passwords
 * ranked by frequency in leaked password sets), lower-cased, loaded once on first use: a
 * process that never sees a new password never pays for it.
 */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((password) => foldCase(password))),
  );
  return loading;
}

/** How passwords and list entries are compared: as NFC text, whatever the case. */
export function foldCase(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

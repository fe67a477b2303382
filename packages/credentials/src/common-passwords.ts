let loading: Promise<ReadonlySet<string>> | undefined;

/**
 * The common-password dictionary of zxcvbn-ts (`@zxcvbn-ts/language-common`, 49,233 passwords
 * ranked by frequency in leaked password sets), folded as passwords are compared, loaded once on first use: a
 * process that never sees a new password never pays for it.
 */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((password) => foldForComparison(password))),
  );
  return loading;
}

/**
 * How passwords are compared with the list, the email address and themselves: NFKC (a fullwidth
 * `ｑ` is `q`, a ligature its letters), without format characters (Unicode category Cf: zero-width
 * spaces and joiners, soft hyphens, bidi marks) or white space, whatever the case. A guesser tries
 * `qwerty123456`, not the ways it can be typed to look different to a program.
 */
export function foldForComparison(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{White_Space}]/gu, '')
    .toLowerCase();
}

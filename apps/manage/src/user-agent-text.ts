/** Characters nobody reads: controls (C0, C1), format characters (bidi overrides, zero widths), unassigned and private ones. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}\uFFFD]/gu;

/**
 * The User-Agent as text a person can read. Node hands a header's bytes over one character a byte
 * (latin1), so a browser's UTF-8 arrives as mojibake with C1 controls in it: the bytes are decoded
 * as the UTF-8 they are (what is not UTF-8 becomes U+FFFD), and whatever is not printable is dropped,
 * so that a header cannot forge lines or reorder text where it is shown.
 */
export function userAgentText(header: string | undefined): string {
  if (header === undefined) return '';
  return Buffer.from(header, 'latin1').toString('utf8').replace(UNPRINTABLE, '').trim();
}

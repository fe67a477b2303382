import { hash, randomBytes } from 'node:crypto';

/** The portal's pages a one-time link opens. */
export type LinkPage = 'verify-email' | 'reset-password' | 'accept-invitation';

/** How long each kind of link may be used: a day to verify, an hour to reset, a week to accept. */
export const LINK_LIFETIME_MS: Readonly<Record<LinkPage, number>> = {
  'verify-email': 24 * 3_600_000,
  'reset-password': 3_600_000,
  'accept-invitation': 7 * 24 * 3_600_000,
};

/** A secret for a cookie or a link: 32 random bytes (256 bits), base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a secret token: its SHA-256 (hex). A fast hash suffices for 256 random bits. */
export function hashSecretToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * The link a person follows. The token travels in the fragment, which browsers never send to a
 * server nor put in a Referer: it reaches no access log; the portal's page reads it and posts it.
 */
export function portalLink(publicBaseUrl: string, page: LinkPage, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/portal/${page}#token=${token}`;
}

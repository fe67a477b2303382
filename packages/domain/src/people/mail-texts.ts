import type { MailMessage } from './ports.js';

/**
 * The messages the service sends. Plain text, each saying what the link does, how long it lasts,
 * and what to do if the person did not ask: a link reaches only the address it was sent to.
 */

export function verificationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your email address for the pet store',
    text: `Someone (we hope you) signed up for the pet store with this address.\n\nTo verify it, open this link within 24 hours:\n${link}\n\nIf it was not you, ignore this message: nothing happens without the link.\n`,
  };
}

export function resetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your pet store password',
    text: `Someone (we hope you) asked to reset the password of the pet store account with this address.\n\nTo choose a new password, open this link within an hour (it works once):\n${link}\n\nChoosing a new password signs you out everywhere. If it was not you, ignore this message: your password stays as it is.\n`,
  };
}

/**
 * An owner's invitation. The account's name is the owner's text, not the service's: it stays out
 * of the subject, and the body quotes it as a JSON string, so no quotation mark in it can end the
 * quote and let the rest read as the service speaking.
 */
export function invitationMail(to: string, accountName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Your invitation to an account at the pet store',
    text: `You are invited to join the account ${JSON.stringify(accountName)} at the pet store. The account's name is its owner's own words, not a message from the pet store.\n\nTo accept, open this link within 7 days (it works once, for this address only):\n${link}\n\nIf you did not expect it, ignore this message.\n`,
  };
}

/** Sent instead of a verification link when someone signs up with an address that is taken. */
export function addressTakenMail(to: string, signInPage: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to sign up with your address',
    text: `Someone (perhaps you) tried to sign up for the pet store with this address, which already has an account.\n\nIf it was you, sign in instead, or reset your password if you forgot it:\n${signInPage}\n\nIf it was not you, ignore this message: nothing was changed.\n`,
  };
}

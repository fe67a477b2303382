import {
  AcceptInvitationInput,
  ChangePasswordInput,
  PasswordResetRequest,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  VerifyEmailInput,
} from '@petstore/domain';
import type { RoutedOperation } from '../manage-routes.js';
import type { OperationText } from './operation-text.js';
import { ResetRequested, SessionAnswer, SignUpAnswer } from './answers.js';
import { MEMBER_OPERATION_TEXT } from './member-operations.js';
import { KEY_OPERATION_TEXT } from './key-operations.js';
import { PASSKEY_OPERATION_TEXT } from './passkey-operations.js';
import { USAGE_OPERATION_TEXT } from './usage-operations.js';

const session = { name: 'Session', schema: SessionAnswer };

/** Every routed operation's text; one the door routes without text here does not compile. */
export const OPERATION_TEXT: { readonly [Name in RoutedOperation]: OperationText } = {
  signUp: {
    summary: 'Sign up: a new person and their account',
    description:
      'Creates a person with this email and password, and an account of the given name with them as its owner. When the service ' +
      'sends mail, a verification link goes to the address, and the answer is the same whether or not the address was already ' +
      "registered (an existing person gets nothing new). Whether anyone may sign up is the operator's choice (`PETSTORE_SIGNUP`): " +
      'otherwise 403. Limited per client address, with requestPasswordReset, so that nobody mails through it in bulk.',
    input: { name: 'SignUpInput', schema: SignUpInput },
    success: { status: 202, description: 'Signed up, or already registered: sign in next.', answer: { name: 'SignUpAnswer', schema: SignUpAnswer } },
  },
  verifyEmail: {
    summary: "Verify an email address with the mailed link's token",
    description: 'The token is the `token` parameter of the link the verification mail carried. It can be used once.',
    input: { name: 'VerifyEmailInput', schema: VerifyEmailInput },
    success: { status: 204, description: 'The address is verified.' },
    refusals: [410],
  },
  signIn: {
    summary: 'Sign in with email and password',
    description:
      'Starts a new session: its token is set in the `HttpOnly` session cookie, never in the body. Every sign-in makes a new ' +
      'token; sessions signed in before stay valid until they are signed out or expire. The answer does not say whether the ' +
      'address is registered. Failed attempts are limited per address and client, and per client.',
    input: { name: 'SignInInput', schema: SignInInput },
    success: { status: 200, description: 'Signed in; the session cookie is set.', answer: session },
    cookie: 'sets',
  },
  signOut: {
    summary: 'Sign out: end this session',
    description: 'Ends the session the cookie names, and tells the browser to forget the cookie. Takes no body, or `{}`.',
    success: { status: 204, description: 'Signed out; the cookie is cleared.' },
    cookie: 'clears',
  },
  signOutEverywhere: {
    summary: "Sign out everywhere: end every one of the person's sessions",
    description: 'Ends every session of the signed-in person, this one included. Takes no body, or `{}`.',
    success: { status: 204, description: 'Every session ended; the cookie is cleared.' },
    cookie: 'clears',
  },
  requestPasswordReset: {
    summary: 'Ask for a password reset link',
    description:
      'Mails a link to reset the password to the address, if a person has it; the answer is the same either way. Limited per ' +
      'client address, with signUp.',
    input: { name: 'PasswordResetRequest', schema: PasswordResetRequest },
    success: {
      status: 202,
      description: 'A link was mailed if a person has the address.',
      answer: { name: 'ResetRequested', schema: ResetRequested },
    },
  },
  resetPassword: {
    summary: "Set a new password with a reset link's token",
    description:
      "Sets the password and ends every session of the person. The token is the reset link's; it can be used once, and not " +
      'after a newer reset or a password change. Limited per client, with signIn.',
    input: { name: 'ResetPasswordInput', schema: ResetPasswordInput },
    success: { status: 204, description: 'The password is set; sign in with it.' },
    cookie: 'clears',
    refusals: [410],
  },
  acceptInvitation: {
    summary: 'Accept an invitation and sign in',
    description:
      "Joins the invitation's account (a new person with this password, or an existing one proving it is them), and starts a " +
      "session as signIn does. The email must be the invited one; the token is the invitation link's, usable once within 7 days. " +
      'A password the rules refuse is 400 whether or not anyone has the address; for a person who exists, a wrong password and ' +
      'membership of an account already are the same 401. Limited per address and client, and per client, as signIn is.',
    input: { name: 'AcceptInvitationInput', schema: AcceptInvitationInput },
    success: { status: 200, description: 'Joined and signed in; the session cookie is set.', answer: session },
    cookie: 'sets',
    refusals: [409, 410],
  },
  getSession: {
    summary: 'Who is signed in',
    description: 'The signed-in person, their account and role, and this session.',
    success: { status: 200, description: 'The session.', answer: session },
  },
  changePassword: {
    summary: 'Change the password',
    description:
      'Checks the current password, sets the new one and ends every session of the person; the answer starts a new session ' +
      'for the one asking (a new cookie).',
    input: { name: 'ChangePasswordInput', schema: ChangePasswordInput },
    success: { status: 200, description: 'Changed; a new session cookie is set.', answer: session },
    cookie: 'sets',
  },
  ...PASSKEY_OPERATION_TEXT,
  ...MEMBER_OPERATION_TEXT,
  ...KEY_OPERATION_TEXT,
  ...USAGE_OPERATION_TEXT,
};

import { useEffect } from 'preact/hooks';
import { navigate } from './router.js';
import { useSession } from './session.js';
import { AuditPage } from './pages/audit.js';
import { CreateKeyPage } from './pages/create-key.js';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/password-reset.js';
import { KeyPage } from './pages/key.js';
import { KeysPage } from './pages/keys.js';
import { MembersPage, AcceptInvitationPage } from './pages/members.js';
import { SecurityPage } from './pages/security.js';
import { SignInPage } from './pages/sign-in.js';
import { SignUpPage } from './pages/sign-up.js';
import { UsagePage } from './pages/usage.js';
import { VerifyEmailPage } from './pages/verify-email.js';

/** Pages anyone may see; the mailed links (verify-email, reset-password, accept-invitation) among them. */
const PUBLIC = {
  '/sign-in': SignInPage,
  '/sign-up': SignUpPage,
  '/verify-email': VerifyEmailPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/accept-invitation': AcceptInvitationPage,
} as const;

/** Pages of a signed-in person. */
const SIGNED_IN = {
  '/keys': KeysPage,
  '/keys/new': CreateKeyPage,
  '/usage': UsagePage,
  '/audit': AuditPage,
  '/members': MembersPage,
  '/security': SecurityPage,
} as const;

export function Routes({ path }: { path: string }) {
  const { session } = useSession();
  const publicPage = Object.hasOwn(PUBLIC, path) ? PUBLIC[path as keyof typeof PUBLIC] : undefined;
  const keyId = /^\/keys\/(key_[\w-]+)$/.exec(path)?.[1];
  const privatePage = Object.hasOwn(SIGNED_IN, path) ? SIGNED_IN[path as keyof typeof SIGNED_IN] : undefined;
  const known = publicPage ?? privatePage ?? (keyId ? true : undefined);
  useEffect(() => {
    if (publicPage) return;
    if (!session) navigate('/sign-in', { replace: true });
    else if (!known) navigate('/keys', { replace: true });
  }, [path, session]);
  if (publicPage) {
    const Public = publicPage;
    return <Public />;
  }
  if (!session) return null;
  if (keyId) return <KeyPage keyId={keyId} />;
  const Private = privatePage;
  return Private ? <Private /> : null;
}

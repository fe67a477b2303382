import { useEffect, useState } from 'preact/hooks';
import { answer, manage } from '../api.js';
import { takeLinkToken } from '../router.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';

/** The page the verification mail links to: posts the link's token once, then forgets it. */
export function VerifyEmailPage() {
  const { session, refresh } = useSession();
  const [outcome, setOutcome] = useState<'verifying' | 'verified' | 'no-token'>('verifying');
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    const token = takeLinkToken();
    if (!token) return setOutcome('no-token');
    answer(manage.POST('/verify-email', { body: { token } }))
      .then(async () => {
        setOutcome('verified');
        await refresh();
      })
      .catch(setError);
  }, []);
  return (
    <Page title="Verify your address">
      <div role="status">
        {error === undefined && outcome === 'verifying' && <p>Verifying…</p>}
        {outcome === 'verified' && <p>Your address is verified.</p>}
        {outcome === 'no-token' && <p>This page needs the link from the verification mail: open the link itself.</p>}
      </div>
      <Problem error={error} />
      <p>{session ? <Link to="/keys">Go to your keys</Link> : <Link to="/sign-in">Sign in</Link>}</p>
    </Page>
  );
}

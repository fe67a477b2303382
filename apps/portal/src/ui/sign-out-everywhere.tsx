import { answer, manage } from '../api.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';
import { Confirm } from './confirm.js';

/** signOutEverywhere: every session of the person ends, this one included, behind a confirmation. */
export function SignOutEverywhere() {
  const { refresh } = useSession();
  return (
    <section aria-labelledby="everywhere-title">
      <h2 id="everywhere-title">Sign out everywhere</h2>
      <p>Ends every session of yours, on every device, this one included: for a lost laptop or a shared computer.</p>
      <Confirm
        open="Sign out everywhere…"
        title="Sign out of every session, this one included?"
        act="Sign out everywhere"
        onDone={async () => {
          await answer(manage.POST('/sign-out-everywhere'));
        }}
        after={async () => {
          await refresh();
          navigate('/sign-in');
        }}
      >
        <p>Every browser signed in as you, here and elsewhere, will have to sign in again.</p>
      </Confirm>
    </section>
  );
}

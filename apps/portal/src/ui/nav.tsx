import { answer, manage } from '../api.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';
import { Link } from './link.js';

const SIGNED_IN = [
  ['/keys', 'Keys'],
  ['/usage', 'Usage'],
  ['/audit', 'Audit trail'],
  ['/members', 'Members'],
  ['/security', 'Sessions and passkeys'],
] as const;

const SIGNED_OUT = [
  ['/sign-in', 'Sign in'],
  ['/sign-up', 'Sign up'],
] as const;

export function Nav({ path }: { path: string }) {
  const { session, refresh } = useSession();
  const signOut = async () => {
    await answer(manage.POST('/sign-out')).catch(() => undefined);
    await refresh();
    navigate('/sign-in');
  };
  const links = session ? SIGNED_IN : SIGNED_OUT;
  return (
    <nav aria-label="Portal">
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to} current={path === to || path.startsWith(`${to}/`)}>
              {label}
            </Link>
          </li>
        ))}
        {session && (
          <li>
            <button type="button" class="link" onClick={() => void signOut()}>
              Sign out ({session.person.email})
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

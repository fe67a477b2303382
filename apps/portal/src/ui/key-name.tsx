import type { Names } from '../names.js';
import { Link } from './link.js';

/** A key by its name, linked to its page; its id on hover (and in the link's description). */
export function KeyName({ keyId, names }: { keyId: string; names: Names | undefined }) {
  return (
    <Link to={`/keys/${keyId}`} title={keyId}>
      {names?.key(keyId) ?? keyId}
    </Link>
  );
}

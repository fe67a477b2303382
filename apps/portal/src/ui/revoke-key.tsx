import { answer, manage, type Schemas } from '../api.js';
import { Confirm } from './confirm.js';

/** Revoking, behind a confirmation that names the key. */
export function RevokeKey({ keyView, onRevoked }: { keyView: Schemas['Key']; onRevoked: () => void }) {
  const named = `${keyView.name ?? 'unnamed key'} (${keyView.prefix})`;
  return (
    <>
      <h2>Revoke</h2>
      <p>A revoked key is refused at once, everywhere, for good.</p>
      <Confirm
        open="Revoke this key…"
        title={`Revoke ${named}?`}
        act={`Revoke ${named}`}
        onDone={async () => {
          await answer(manage.POST('/keys/{keyId}/revoke', { params: { path: { keyId: keyView.id } } }));
        }}
        after={onRevoked}
      >
        <p>Every program that uses it will be refused (401) from now on. This cannot be undone.</p>
      </Confirm>
    </>
  );
}

import { useRef } from 'preact/hooks';
import { answer, manage, type Schemas } from '../api.js';
import { Problem } from './problem.js';
import { useAction } from './use-action.js';

/** Revoking, behind a modal dialog that names the key (the browser's <dialog>: focus moves in, Escape cancels). */
export function RevokeKey({ keyView, onRevoked }: { keyView: Schemas['Key']; onRevoked: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const named = `${keyView.name ?? 'unnamed key'} (${keyView.prefix})`;
  const revoke = useAction(async () => {
    await answer(manage.POST('/keys/{keyId}/revoke', { params: { path: { keyId: keyView.id } } }));
    dialog.current?.close();
    onRevoked();
  });
  return (
    <>
      <h2>Revoke</h2>
      <p>A revoked key is refused at once, everywhere, for good.</p>
      <button type="button" class="danger" onClick={() => dialog.current?.showModal()}>
        Revoke this key…
      </button>
      <dialog ref={dialog} aria-labelledby="revoke-title">
        <h2 id="revoke-title">Revoke {named}?</h2>
        <p>Every program that uses it will be refused (401) from now on. This cannot be undone.</p>
        <Problem error={revoke.error} />
        <div class="actions">
          <button type="button" class="danger" onClick={() => void revoke.act()} disabled={revoke.busy}>
            Revoke {named}
          </button>
          <button type="button" onClick={() => dialog.current?.close()} autoFocus>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}

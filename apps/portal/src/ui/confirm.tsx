import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';
import { Problem } from './problem.js';
import { useAction } from './use-action.js';

/**
 * A destructive action behind a confirmation: a button styled as destructive opens a modal dialog
 * (the browser's <dialog>: focus moves in, Escape cancels, the rest of the page is inert) that says
 * what will happen; the dialog's own destructive button acts, and Cancel, focused first, does not.
 * A refusal is shown in the dialog.
 */
export function Confirm({
  open,
  title,
  act,
  onDone,
  after,
  children,
  label,
}: {
  /** The text of the button that opens the dialog, ending in "…". */
  open: string;
  /** The dialog's question, naming what is destroyed. */
  title: string;
  /** The text of the dialog's destructive button. */
  act: string;
  /** What the destructive button does: the API call. */
  onDone: () => Promise<void>;
  /** What follows once it is done and the dialog closed: reloading what changed, say. */
  after?: () => Promise<void> | void;
  children: ComponentChildren;
  /** The opening button's accessible name, where its text alone does not say what it acts on. */
  label?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const confirmed = useAction(async () => {
    await onDone();
    dialog.current?.close();
    await after?.();
  });
  return (
    <>
      <button type="button" class="danger" onClick={() => dialog.current?.showModal()} aria-label={label}>
        {open}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <Problem error={confirmed.error} />
        <div class="actions">
          <button type="button" class="danger" onClick={() => void confirmed.act()} disabled={confirmed.busy}>
            {act}
          </button>
          <button type="button" class="secondary" onClick={() => dialog.current?.close()} autoFocus>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}

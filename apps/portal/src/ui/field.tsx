import type { InputHTMLAttributes } from 'preact';

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A labelled input, its hint tied to it for screen readers. */
export function Field({ label, hint, id, ...input }: InputProps & { label: string; hint?: string; id: string }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

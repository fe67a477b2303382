import { useState } from 'preact/hooks';

/**
 * A button that copies `text` (a one-time key or link, a snippet), and says in words, to screen
 * readers too, whether it did; where the browser refuses, it says to copy by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      setSaid('This browser did not let the page copy: select the text and copy it yourself.');
    }
  };
  return (
    <span class="copy">
      <button type="button" class="secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span aria-live="polite" class="hint">
        {said}
      </span>
    </span>
  );
}

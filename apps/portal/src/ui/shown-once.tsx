import { useState } from 'preact/hooks';
import type { Schemas } from '../api.js';
import { CurlLines } from './curl-lines.js';
import { KeyFacts } from './key-facts.js';

/**
 * A new key's secret, this once: it lives only in this component's memory (never in storage, the
 * address or a log) and is gone when the page is left. The warning is announced as it appears.
 */
export function ShownOnce({ issued, onDone }: { issued: Schemas['IssuedKey']; onDone: () => void }) {
  const [copied, setCopied] = useState<string>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.key);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('This browser did not let the page copy: select the key and copy it yourself.');
    }
  };
  return (
    <div class="shown-once card">
      <div aria-live="assertive" role="alert">
        <p class="warning">
          <strong>Copy this key now.</strong> It is shown only once: the service keeps only its hash and cannot show it again. If you lose it, roll
          the key.
        </p>
      </div>
      <p>
        <code class="secret" data-testid="new-key">
          {issued.key}
        </code>
      </p>
      <button type="button" onClick={() => void copy()}>
        Copy the key
      </button>
      <span aria-live="polite" class="hint">
        {' '}
        {copied}
      </span>
      <h2>What the API gave it</h2>
      <dl class="facts">
        <KeyFacts keyView={issued} />
      </dl>
      <h2>Try it</h2>
      <CurlLines keyText={issued.key} keyView={issued} />
      <button type="button" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}

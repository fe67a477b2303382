import type { Schemas } from '../api.js';
import { CopyButton } from './copy-button.js';
import { CurlLines } from './curl-lines.js';
import { KeyFacts } from './key-facts.js';

/**
 * A new key's secret, this once: it lives only in this component's memory (never in storage, the
 * address or a log) and is gone when the page is left. The warning is announced as it appears.
 */
export function ShownOnce({ issued, onDone }: { issued: Schemas['IssuedKey']; onDone: () => void }) {
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
      <CopyButton text={issued.key} label="Copy the key" />
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

import { curlLines } from '../doors.js';
import { CopyButton } from './copy-button.js';

/** The three doors' first call, with the key (or, once it is no longer shown, its prefix and a gap to fill). */
export function CurlLines({ keyText }: { keyText: string }) {
  return (
    <dl class="curl">
      {curlLines(keyText).map(({ door, line }) => (
        <div key={door}>
          <dt>{door}</dt>
          <dd>
            <code>{line}</code>
            <CopyButton text={line} label={`Copy the ${door} line`} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

import type { Schemas } from '../api.js';
import { curlLines } from '../doors.js';
import { CopyButton } from './copy-button.js';

/** The first call at each door the key may call, with the key (or, once it is no longer shown, its prefix and a gap to fill). */
export function CurlLines({ keyText, keyView }: { keyText: string; keyView?: Pick<Schemas['Key'], 'kind' | 'scopes' | 'origins'> }) {
  return (
    <dl class="curl">
      {curlLines(keyText, keyView).map(({ door, line }) => (
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

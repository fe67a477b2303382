import type { Schemas } from '../api.js';
import { when } from './when.js';

/** A key's state as words: rolled and expiring keys say until when. */
export function KeyState({ keyView }: { keyView: Schemas['Key'] }) {
  const { state, until } = keyView;
  const text = state === 'rolled' ? `rolled, works until ${when(until)}` : state === 'expiring' ? `expiring ${when(until)}` : state;
  return <span class={`state state-${state}`}>{text}</span>;
}

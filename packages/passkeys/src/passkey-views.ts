import type { Passkey } from '@petstore/domain';

/** A passkey as listed to its person: what tells one from another, never its public key. */
export interface PasskeyView {
  id: string;
  name: string;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export function passkeyView(passkey: Passkey): PasskeyView {
  const { id, name, transports, createdAt, lastUsedAt } = passkey;
  return { id, name, transports, createdAt, lastUsedAt };
}

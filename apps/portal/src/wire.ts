/** The management API's answers as JSON carries them (instants as ISO 8601 text); see /manage/v1/openapi.json. */

export interface SessionAnswer {
  person: { id: string; email: string; emailVerified: boolean; createdAt: string };
  account: { id: string; name: string; role: string };
  session: { id: string; createdAt: string; lastSeenAt: string; expiresAt: string };
}

export type KeyState = 'active' | 'expiring' | 'rolled' | 'revoked' | 'expired';

export interface Key {
  id: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  kind: string;
  expiresAt: string | null;
  rateLimit: number | null;
  lastUsedAt: string | null;
  createdAt: string;
  revokedAt: string | null;
  replacedBy: string | null;
  state: KeyState;
  until: string | null;
}

/** A key as issued: its secret, this once. */
export type IssuedKey = Key & { key: string };

export interface RolledKey {
  key: IssuedKey;
  replaced: Key;
}

export interface AuditRecord {
  id: string;
  at: string;
  actor: string;
  clientAddress: string | null;
  action: string;
  keyId: string | null;
  personId: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}

export interface Member {
  personId: string;
  email: string;
  role: string;
  joinedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** Where the service's messages go: to the address, to the service's own output (development without SMTP), or nowhere. */
export type MailDelivery = 'mail' | 'output' | 'none';

export interface SignUpAnswer {
  email: string;
  verificationRequired: boolean;
  delivery: MailDelivery;
}

export interface CreatedInvitation {
  invitation: Invitation;
  /** The one-time link, when no mail carried it: shown here once, to pass on. */
  link: { url: string; expiresAt: string } | null;
  delivery: MailDelivery;
}

export interface SessionListed {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  clientAddress: string;
  userAgent: string;
  current: boolean;
}

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

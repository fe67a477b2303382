import type { SessionPrincipal } from '@petstore/domain';
import type { SessionAnswer } from './openapi/answers.js';

/**
 * A signed-in person as the management API shows them (the answer of signIn and getSession): who,
 * in which account and role, and this session's times. Never the session's token, which travels
 * only in its cookie.
 */
export function sessionJson(principal: SessionPrincipal): SessionAnswer {
  const { person, account, membership, session, emailVerified } = principal;
  return {
    person: { id: person.id, email: person.email, emailVerified, createdAt: person.createdAt.toISOString() },
    account: { id: account.id, name: account.name, role: membership.role },
    session: {
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    },
  };
}

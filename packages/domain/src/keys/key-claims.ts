import { createHash } from 'node:crypto';
import type { KeyKind } from '../auth/ports.js';
import type { Scope } from '../auth/scopes.js';

/**
 * An idempotent createKey's claim on its Idempotency-Key, made before the key exists: the first
 * request to claim (account, Idempotency-Key) creates the key under the id the claim names; every
 * later one with the key finds the claim instead. The secret is never kept, here or anywhere.
 */
export interface KeyClaim {
  /** Whose Idempotency-Key it is: keys of different accounts never collide. */
  accountId: string;
  idempotencyKey: string;
  /** Hash of the request's parsed body: the same Idempotency-Key with another body is refused. */
  fingerprint: string;
  /** The id of the key the claiming request creates, chosen before it exists. */
  keyId: string;
  createdAt: Date;
}

export interface KeyClaims {
  /**
   * Stores the claim unless one exists for the same account and Idempotency-Key, and returns the
   * one that was there first (null when this one was stored). One atomic insert, for every writer.
   */
  claim(claim: KeyClaim): Promise<KeyClaim | null>;
}

/** What a createKey asks for, once checked: its fingerprint is the same whatever the JSON's key order or the scopes' order. */
export interface CreateKeyRequest {
  name: string | null;
  kind: KeyKind;
  scopes: readonly Scope[];
  expiresAt: Date | null;
  rateLimit: number | null;
  origins: readonly string[];
}

export function fingerprintCreateKey(request: CreateKeyRequest): string {
  const { name, kind, scopes, expiresAt, rateLimit, origins } = request;
  const canonical = JSON.stringify([name, kind, [...scopes].sort(), expiresAt?.toISOString() ?? null, rateLimit, [...origins].sort()]);
  return createHash('sha256').update(canonical).digest('hex');
}

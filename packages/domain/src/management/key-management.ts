import type { AuditLog } from '../audit/ports.js';
import type { KeyStore } from '../auth/ports.js';
import type { Clock } from '../clock/clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { KeyService } from '../keys/key-service.js';
import { keyView } from '../keys/key-state.js';
import type { KeySummary } from '../keys/key-views.js';
import { requireRead } from '../keys/containment.js';
import { membersOfAccount } from '../people/members.js';
import type { PeopleStore } from '../people/ports.js';
import { auditPage, auditPageQuery } from './audit-page.js';
import type {
  AccountView,
  AuditRecordsPage,
  AuditRecordsQuery,
  CreateKeyInput,
  IssuedKeyView,
  KeyManagement,
  KeyView,
  ManagementCaller,
  ManagementContext,
  RollKeyInput,
  RolledKeyView,
  UpdateKeyInput,
} from './ports.js';

export interface KeyManagementDeps {
  /** Every key operation is the key service's, which judges the caller: this only shows its answers as the API does. */
  keyService: KeyService;
  keys: KeyStore;
  people: PeopleStore;
  audit: AuditLog;
  clock: Clock;
}

/**
 * The management API's operations (docs/key-management.md): the key service's, each answered
 * with where the key stands now (keyView), and the account's reads (its people and limits, its
 * audit trail), within the caller's account.
 */
export class KeyManagementService implements KeyManagement {
  constructor(private readonly deps: KeyManagementDeps) {}

  async getAccount(caller: ManagementCaller): Promise<AccountView> {
    requireRead(caller);
    const account = await this.deps.keys.getAccount(caller.accountId);
    if (!account) throw new DomainError('not_found', `account ${caller.accountId} does not exist`);
    const people = await membersOfAccount(this.deps.people, account.id);
    return { ...account, limits: this.deps.keyService.limits, people };
  }

  async listKeys(caller: ManagementCaller): Promise<KeyView[]> {
    const now = this.deps.clock.now();
    return (await this.deps.keyService.listKeys(caller)).map((key) => keyView(key, now));
  }

  async getKey(caller: ManagementCaller, keyId: string): Promise<KeyView> {
    return this.view(await this.deps.keyService.getKey(caller, keyId));
  }

  async createKey(
    caller: ManagementCaller,
    input: CreateKeyInput,
    context: ManagementContext & { idempotencyKey?: string | undefined },
  ): Promise<IssuedKeyView> {
    const { key, ...summary } = await this.deps.keyService.createKey(caller, input, context);
    return { ...this.view(summary), key };
  }

  async updateKey(caller: ManagementCaller, keyId: string, input: UpdateKeyInput, context: ManagementContext): Promise<KeyView> {
    return this.view(await this.deps.keyService.updateKey(caller, keyId, input, context));
  }

  async rollKey(caller: ManagementCaller, keyId: string, input: RollKeyInput, context: ManagementContext): Promise<RolledKeyView> {
    const rolled = await this.deps.keyService.rollKey(caller, keyId, input, context);
    const { key, ...replacement } = rolled.key;
    return { key: { ...this.view(replacement), key }, replaced: this.view(rolled.replaced) };
  }

  async revokeKey(caller: ManagementCaller, keyId: string, context: ManagementContext): Promise<KeyView> {
    return this.view(await this.deps.keyService.revokeKey(caller, keyId, context));
  }

  async listAuditRecords(caller: ManagementCaller, query: AuditRecordsQuery): Promise<AuditRecordsPage> {
    requireRead(caller);
    const storeQuery = auditPageQuery(caller.accountId, query);
    return auditPage(await this.deps.audit.list(storeQuery), storeQuery);
  }

  private view(key: KeySummary): KeyView {
    return keyView(key, this.deps.clock.now());
  }
}

import { CreateKeyInput, RollKeyInput, UpdateKeyInput, type KeyManagement } from '@petstore/domain';
import { auditQueryOf } from '../audit-query.js';
import { callerOf, readInput, readNoInput, sendJson, type Call, type Handler } from '../call.js';
import { pathParameter } from '../path-parameters.js';
import { accountJson, auditPageJson, issuedKeyJson, keyJson, rolledKeyJson } from '../key-json.js';

export interface KeyHandlerDeps {
  keys: KeyManagement;
  /** Where the door is served, absolute from the service's public origin as /v1's is, for the Location of a new key. */
  apiBase: () => string;
}

/**
 * The account's keys and audit trail, for a signed-in person or a management key alike: the
 * service judges the caller (containment, accounts), the door reads the input and shapes the
 * answer. Only createKey and rollKey answer a secret.
 */
export function keyHandlers(deps: KeyHandlerDeps) {
  const { keys } = deps;
  const keyIdOf = (call: Call): string => pathParameter(call, 'keyId');
  return {
    getAccount: async (call) => sendJson(call.exchange, 200, accountJson(await keys.getAccount(callerOf(call)))),
    listKeys: async (call) => sendJson(call.exchange, 200, { keys: (await keys.listKeys(callerOf(call))).map(keyJson) }),
    getKey: async (call) => sendJson(call.exchange, 200, keyJson(await keys.getKey(callerOf(call), keyIdOf(call)))),
    createKey: async (call) => {
      const input = await readInput(call.exchange, CreateKeyInput);
      const context = { ...call.context, idempotencyKey: call.exchange.idempotencyKey };
      const created = await keys.createKey(callerOf(call), input, context);
      sendJson(call.exchange, 201, issuedKeyJson(created), ['Location', `${deps.apiBase()}/keys/${encodeURIComponent(created.id)}`]);
    },
    updateKey: async (call) => {
      const input = await readInput(call.exchange, UpdateKeyInput);
      sendJson(call.exchange, 200, keyJson(await keys.updateKey(callerOf(call), keyIdOf(call), input, call.context)));
    },
    rollKey: async (call) => {
      // No body is the default overlap, so a roll is one short curl call.
      const input = call.exchange.hasBody ? await readInput(call.exchange, RollKeyInput) : {};
      sendJson(call.exchange, 200, rolledKeyJson(await keys.rollKey(callerOf(call), keyIdOf(call), input, call.context)));
    },
    revokeKey: async (call) => {
      await readNoInput(call.exchange);
      sendJson(call.exchange, 200, keyJson(await keys.revokeKey(callerOf(call), keyIdOf(call), call.context)));
    },
    listAuditRecords: async (call) =>
      sendJson(call.exchange, 200, auditPageJson(await keys.listAuditRecords(callerOf(call), auditQueryOf(call.exchange.query())))),
  } satisfies Record<string, Handler>;
}

import { DomainError, type UsageService } from '@petstore/domain';
import { callerOf, sendJson, type Handler } from '../call.js';
import { queryOf } from '../query.js';
import { deprecationReportJson, usageJson } from '../usage-json.js';

/** getUsage and getDeprecationReport (docs/usage.md): the caller's account's metered calls, read with the query string's filters. */
export function usageHandlers(deps: { usage: UsageService }) {
  const { usage } = deps;
  return {
    getUsage: async (call) => {
      sendJson(call.exchange, 200, usageJson(await usage.getUsage(callerOf(call), queryOf(call.exchange.req.url))));
    },
    getDeprecationReport: async (call) => {
      const [name] = Object.keys(queryOf(call.exchange.req.url));
      if (name !== undefined) throw new DomainError('invalid_request', `${name}: the report takes no parameters`);
      sendJson(call.exchange, 200, deprecationReportJson(await usage.getDeprecationReport(callerOf(call))));
    },
  } satisfies Record<string, Handler>;
}

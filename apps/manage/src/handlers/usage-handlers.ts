import { DomainError, type UsageService } from '@petstore/domain';
import { singleValues } from '@petstore/http';
import { callerOf, sendJson, type Handler } from '../call.js';
import { deprecationReportJson, usageJson } from '../usage-json.js';

/**
 * getUsage and getDeprecationReport (docs/usage.md): the caller's account's metered calls, read
 * with the query string's filters, each given at most once (the domain refuses a name it does not
 * know: a misspelt filter would otherwise widen the answer unseen).
 */
export function usageHandlers(deps: { usage: UsageService }) {
  const { usage } = deps;
  return {
    getUsage: async (call) => {
      sendJson(call.exchange, 200, usageJson(await usage.getUsage(callerOf(call), singleValues(call.exchange.query()))));
    },
    getDeprecationReport: async (call) => {
      const [name] = Object.keys(singleValues(call.exchange.query()));
      if (name !== undefined) throw new DomainError('invalid_request', `${name}: the report takes no parameters`);
      sendJson(call.exchange, 200, deprecationReportJson(await usage.getDeprecationReport(callerOf(call))));
    },
  } satisfies Record<string, Handler>;
}

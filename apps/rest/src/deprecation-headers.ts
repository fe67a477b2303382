import { GET_PET_DEPRECATION } from '@petstore/domain';

/**
 * RFC 9745 `Deprecation` (a structured date), RFC 8594 `Sunset` (an HTTP date) and a link to
 * the replacement, sent on every response of the deprecated operation so clients notice early.
 */
export function deprecationHeaders(apiBase: string): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(GET_PET_DEPRECATION.deprecatedSince.getTime() / 1000)}`,
    Sunset: GET_PET_DEPRECATION.sunset.toUTCString(),
    Link: `<${apiBase}/pets>; rel="successor-version"`,
  };
}

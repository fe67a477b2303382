/**
 * Headers every answer carries. Pages that need more (the API reference at /docs, the GraphQL
 * landing page) set their own Content-Security-Policy and Cache-Control over these defaults.
 * https://cheatsheetseries.owasp.org/cheatsheets/REST_Security_Cheat_Sheet.html#security-headers
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    // API answers are per caller and change with every write: no cache may keep them.
    'Cache-Control': 'no-store',
    // JSON is never a document a browser should run anything in.
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    // Only where the public address is https: over plain http the header is ignored, or worse, misleads.
    ...(options.https && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
  };
}

import type { ApolloServerPlugin } from '@apollo/server';

/**
 * Apollo's default landing pages load an IDE from a CDN. This one is self-contained: it names the
 * endpoint and shows how to call it, and its Content-Security-Policy forbids loading anything else.
 */
export const LANDING_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function landingPagePlugin(endpointUrl: string): ApolloServerPlugin {
  const html = renderLandingPage(endpointUrl);
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html };
        },
      };
    },
  };
}

export function renderLandingPage(endpointUrl: string): string {
  const body = JSON.stringify({ query: '{ pets(limit: 5) { id name status } }' });
  const curl = [
    `curl -X POST '${endpointUrl}'`,
    `  -H 'Authorization: Bearer <API_KEY>'`,
    `  -H 'Content-Type: application/json'`,
    `  -d '${body}'`,
  ].join(' \\\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Pet store GraphQL</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{background:#f4f4f4;padding:1rem;overflow-x:auto}</style>
</head>
<body>
<h1>Pet store GraphQL</h1>
<p>The GraphQL endpoint is <code>${escapeHtml(endpointUrl)}</code>. Send queries as JSON with <code>POST</code>; every request needs an API key.</p>
<pre>${escapeHtml(curl)}</pre>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// One formatting for the whole repository. The options are the ones the code was already
// written in; of the widths tried (100 to 160), 150 rewrote the fewest lines of the existing tree.
/** @type {import('prettier').Config} */
const config = {
  printWidth: 150,
  singleQuote: true,
  trailingComma: 'all',
  overrides: [
    // pnpm rewrites pnpm-workspace.yaml with double quotes when it adds a catalog entry.
    { files: ['*.yaml', '*.yml'], options: { singleQuote: false } },
    // Not every JSONC reader accepts trailing commas.
    { files: ['*.jsonc'], options: { trailingComma: 'none' } },
    // Laid out as JSON.stringify(document, null, 2) writes it, so a generator and the formatter agree.
    { files: ['**/openapi/openapi.json'], options: { parser: 'json-stringify' } },
  ],
};

export default config;

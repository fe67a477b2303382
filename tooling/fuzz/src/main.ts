#!/usr/bin/env node
/**
 * A longer fuzz run by hand, against a freshly started built gateway:
 *   PETSTORE_FUZZ_MAX_EXAMPLES=1000 pnpm --filter @petstore/fuzz fuzz
 * The test run (`pnpm test`) is the same with a budget that fits CI.
 */
import { fileURLToPath } from 'node:url';
import { runSchemathesis, schemathesisArgs } from './fuzz-run.js';
import { startGatewayProcess } from './gateway-process.js';
import { ensureSchemathesis } from './schemathesis.js';

const binary = await ensureSchemathesis((line) => void process.stderr.write(`${line}\n`));
const gateway = await startGatewayProcess({ PETSTORE_RATE_LIMIT: '0', PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE: '0' });
try {
  const args = schemathesisArgs(gateway.baseUrl, gateway.apiKey, {
    maxExamples: Number(process.env['PETSTORE_FUZZ_MAX_EXAMPLES'] ?? 1000),
    seed: process.env['PETSTORE_FUZZ_SEED'],
    reportDir: fileURLToPath(new URL('../reports/', import.meta.url)),
  });
  const result = await runSchemathesis(binary, args, (text) => void process.stdout.write(text));
  process.exitCode = result.exitCode;
} finally {
  await gateway.stop();
}

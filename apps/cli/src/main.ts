#!/usr/bin/env node
import process from 'node:process';
import { isDomainError, systemClock, UsageService } from '@petstore/domain';
import { connectMongo } from '@petstore/mongo';
import { keyTagsOf } from '@petstore/runtime';
import { parseCliArgs } from './args.js';
import { runCommand } from './commands.js';
import { readConfig } from './config.js';
import { EXIT_USAGE, reportFailure } from './failure.js';
import { requirePublicBaseUrl } from './operator-people.js';
import { operatorServices } from './operator-services.js';
import { LINK_ACTIONS } from './people-commands.js';
import type { Output } from './output.js';
import { UsageError } from './usage-error.js';
import { groupUsage, USAGE } from './usage.js';

const output: Output = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

async function main(argv: readonly string[]): Promise<number> {
  // Known before parsing so that even a usage error is reported as JSON when JSON was asked for.
  let json = argv.includes('--json');
  try {
    const request = parseCliArgs(argv);
    json = request.json;
    if (request.command.action === 'help') {
      const { group, asked } = request.command;
      const text = group ? groupUsage(group) : USAGE;
      if (!asked) {
        output.err(text);
        return EXIT_USAGE;
      }
      output.out(text);
      return 0;
    }
    const config = readConfig(process.env);
    if (LINK_ACTIONS.has(request.command.action)) requirePublicBaseUrl(config);
    const mongo = await connect(config);
    try {
      // The service's own key tags: the keys this command makes are tagged as the service checks them.
      const keyTags = await keyTagsOf(config.keyTagSecrets, mongo.keyTagSecrets);
      const usage = new UsageService({ store: mongo.usage, clock: systemClock });
      await runCommand(request.command, { ...operatorServices(config, mongo, keyTags), usage }, output, json);
    } finally {
      await mongo.close();
    }
    return 0;
  } catch (error) {
    return reportFailure(error, output, json);
  }
}

/** A connection string the driver cannot use is bad configuration too; only an absent database is a failure. */
async function connect(config: ReturnType<typeof readConfig>) {
  try {
    return await connectMongo({ uri: config.mongodbUri, dbName: config.dbName, timeoutMS: config.timeoutMs });
  } catch (error) {
    if (isDomainError(error) && error.code !== 'service_unavailable') throw new UsageError(`${error.message} (MONGODB_URI)`);
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));

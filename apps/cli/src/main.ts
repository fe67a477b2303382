#!/usr/bin/env node
import process from 'node:process';
import { AccountService, systemClock } from '@petstore/domain';
import { connectMongo } from '@petstore/mongo';
import { parseCliArgs } from './args.js';
import { runCommand } from './commands.js';
import { readConfig } from './config.js';
import { reportFailure } from './failure.js';
import type { Output } from './output.js';
import { USAGE } from './usage.js';

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
      output.out(USAGE);
      return 0;
    }
    const config = readConfig(process.env);
    const mongo = await connectMongo({ uri: config.mongodbUri, dbName: config.dbName });
    try {
      const accounts = new AccountService({ keys: mongo.keys, clock: systemClock });
      await runCommand(request.command, { accounts }, output, json);
    } finally {
      await mongo.close();
    }
    return 0;
  } catch (error) {
    return reportFailure(error, output, json);
  }
}

process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
/** Starts a FerretDB test database by hand and prints its URI, for trying the service against MongoDB. */
import { startFerretDB } from './ferretdb-server.js';

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const server = await startFerretDB(log);
process.stdout.write(`MONGODB_URI=${server.uri}\n`);
log('FerretDB is running; press Ctrl-C to stop it (its data is removed).');
const shutdown = (): void => void server.dispose().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

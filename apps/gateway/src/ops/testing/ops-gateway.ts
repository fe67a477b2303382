import { Writable } from 'node:stream';
import { uniqueName } from '@petstore/testing';
import { createRuntime, loadConfig, serve, type Runtime } from '@petstore/runtime';
import { buildGateway } from '../../app.js';
import { issueKey } from '../../testing/start-gateway.js';

export interface OpsGateway {
  baseUrl: string;
  apiKey: string;
  runtime: Runtime;
  /** Every log line written so far, as written (JSON text). */
  logLines: string[];
  /** The parsed lines logged with the message `request`: one per answered request. */
  requestLogs(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The gateway as `npm start` runs it (runtime, shell, every door), with its logs captured. */
export async function startOpsGateway(options: { mongodbUri?: string | null; env?: Record<string, string> } = {}): Promise<OpsGateway> {
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
      done();
    },
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...(options.mongodbUri && { MONGODB_URI: options.mongodbUri, MONGODB_DB: uniqueName('petstore_ops') }),
    ...options.env,
  });
  const runtime = await createRuntime(config, { logDestination: destination });
  const apiKey = runtime.devKey?.key ?? (await issueKey(runtime));
  const running = await serve((await buildGateway(runtime)).callback(), runtime);
  return {
    baseUrl: `http://127.0.0.1:${running.port}`,
    apiKey,
    runtime,
    logLines,
    requestLogs: () =>
      logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line['msg'] === 'request'),
    close: running.close,
  };
}

import { Writable } from 'node:stream';
import { startTestGateway, type TestGateway } from '../../testing/start-gateway.js';

export interface OpsGateway extends TestGateway {
  /** Every log line written so far, as written (JSON text). */
  logLines: string[];
  /** The parsed lines logged with the message `request`: one per answered request. */
  requestLogs(): Array<Record<string, unknown>>;
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
  const gateway = await startTestGateway({
    mongodbUri: options.mongodbUri ?? null,
    env: { LOG_LEVEL: 'info', ...options.env },
    logDestination: destination,
  });
  return {
    ...gateway,
    logLines,
    requestLogs: () =>
      logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line['msg'] === 'request'),
  };
}

import { startTestGateway, type TestGateway } from '../../testing/start-gateway.js';

export interface OpsGateway extends TestGateway {
  /** Every log line written so far, as JSON text. */
  logLines: string[];
  /** The parsed lines logged with the message `request`: one per answered request. */
  requestLogs(): Array<Record<string, unknown>>;
}

/** The gateway as `npm start` runs it (runtime, shell, every door), with its logs captured. */
export async function startOpsGateway(options: { mongodbUri?: string | null; env?: Record<string, string> } = {}): Promise<OpsGateway> {
  const logLines: string[] = [];
  const gateway = await startTestGateway({
    mongodbUri: options.mongodbUri ?? null,
    env: { LOG_LEVEL: 'info', ...options.env },
    logSink: (line) => logLines.push(JSON.stringify(line)),
  });
  return {
    ...gateway,
    logLines,
    requestLogs: () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line['msg'] === 'request'),
  };
}

import { startTestGateway, type TestGateway } from '../../testing/start-gateway.js';

export interface OpsGateway extends TestGateway {
  /** Every log line written so far, as JSON text. */
  readonly logLines: string[];
  /** The parsed lines logged with the message `request`: one per answered request. */
  requestLogs(): Array<Record<string, unknown>>;
}

/** The gateway as `npm start` runs it (runtime, shell, every door), with its logs captured in a LOG_FILE of its own. */
export async function startOpsGateway(options: { mongodbUri?: string | null; env?: Record<string, string> } = {}): Promise<OpsGateway> {
  const gateway = await startTestGateway({
    mongodbUri: options.mongodbUri ?? null,
    env: { LOG_LEVEL: 'info', ...options.env },
    logs: true,
  });
  return {
    ...gateway,
    get logLines() {
      return gateway.readLog().map((line) => JSON.stringify(line));
    },
    requestLogs: () => gateway.readLog().filter((line) => line['msg'] === 'request'),
  };
}

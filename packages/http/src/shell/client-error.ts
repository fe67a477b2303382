import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { errorBody } from '../error-body.js';
import type { PetstoreMetrics } from './metrics.js';

/**
 * Answers what Node's `clientError` event reports on `server`: requests refused before they could
 * be parsed, above all headers past `maxHeaderSize`, get the contract's JSON Error body (Node's own
 * answer has none), and are logged and counted like any other request.
 */
export function answerClientErrors(server: Server, logger: Logger, metrics: PetstoreMetrics): void {
  // The latest response of each connection, kept from the server's 'request' event: the event
  // hands the socket alone, and which response it carries is not part of Node's API.
  const latest = new WeakMap<Socket, ServerResponse>();
  server.on('request', (req, res: ServerResponse) => {
    latest.set(req.socket, res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket): void => {
    // Node's own rule: answer only where no answer has begun on this connection. A request that
    // outlived the request deadline after its answer began (a body nobody reads) is just closed.
    const inFlight = latest.get(socket);
    const answering = inFlight !== undefined && inFlight.headersSent && !inFlight.writableFinished;
    if (error.code === 'ECONNRESET' || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const [status, reason, code, message] = describe(error.code);
    const body = JSON.stringify(errorBody(status, code, message));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
    metrics.observe({ door: 'ops', operationLabel: 'unparsed', deprecatedCalls: 0, keyId: undefined }, status, 0);
    logger.info({ door: 'ops', operation: 'unparsed', status, reason: error.code }, 'request refused before parsing');
  });
}

function describe(code: string | undefined): [number, string, string, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large', 'headers_too_large', 'the request headers are too large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', 'request_timeout', 'the request took too long to arrive'];
  return [400, 'Bad Request', 'invalid_request', 'the request is not valid HTTP'];
}

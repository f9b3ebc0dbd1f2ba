import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';
import { maskCardNumbersInJson } from './maskCardNumbers';

export type { Logger };

/** What every log line written while serving one request carries: its id, and the order once it is known. */
export interface RequestLogFields {
  requestId: string;
  order_no?: string;
  transaction_id?: string;
}

/**
 * The fields of the request being served, set by the `logRequests` middleware. Code deep inside a request
 * (payments, notifications, admin batches) logs through the app's logger without knowing the request; this is
 * how its lines still carry the request id.
 */
export const requestLogContext = new AsyncLocalStorage<RequestLogFields>();

/**
 * The backend's logger: JSON lines on stdout (or `destination`, e.g. pino-pretty in development), ISO times.
 * Secrets are removed by path and card numbers by pattern, as safety nets: code never logs a secret or a PAN on
 * purpose (gateway records arrive masked), but a request, error or config object logged in passing must not
 * leak one either. The card-number pass runs on the finished line, so it covers the message, every field,
 * serialized errors and child bindings alike.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: requestFieldsFor,
      redact: {
        paths: [
          'signKey',
          '*.signKey',
          'gateway.signKey',
          'config.gateway.signKey',
          'verifyKeys',
          '*.verifyKeys',
          'gateway.verifyKeys',
          'config.gateway.verifyKeys',
          'shopSecret',
          '*.shopSecret',
          'adminToken',
          '*.adminToken',
          'client_secret',
          '*.client_secret',
          'encryption_data',
          '*.encryption_data',
          'authorization',
          'headers.authorization',
          '*.headers.authorization',
          'req.headers.authorization',
          'headers.cookie',
          '*.headers.cookie',
        ],
        censor: '[masked]',
      },
      hooks: { streamWrite: maskCardNumbersInJson },
    },
    // synchronous: the last lines before a process.exit (shutdown, refused start) must not be lost
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * The current request's fields for a line written outside the request's own child logger. A logger that already
 * carries the request id (the request's child, or a child of it) gets nothing, so no field appears twice.
 */
function requestFieldsFor(_obj: object, _level: number, logger: Logger): object {
  const fields = requestLogContext.getStore();
  if (!fields || 'requestId' in logger.bindings()) return {};
  return { ...fields };
}

/**
 * Human-readable lines for a developer's terminal. pino-pretty is a development dependency: where it is not
 * installed (a production image), JSON it is.
 */
export async function prettyDestination(): Promise<DestinationStream | undefined> {
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return undefined;
  }
}

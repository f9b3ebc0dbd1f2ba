import { pino, type DestinationStream, type Logger } from 'pino';
import { maskCardNumbersInJson } from './maskCardNumbers';

export type { Logger };

/**
 * What every log line of one request carries: its id, and the order once it is known. A handler logs through
 * the request's child logger (`c.var.log`); code deeper down names the request id in what it logs (there is no
 * async-local context: its promise hooks cost about a tenth of the backend's CPU per payment, bench/RESULTS.md).
 */
export interface RequestLogFields {
  requestId: string;
  order_no?: string;
  transaction_id?: string;
}

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

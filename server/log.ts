import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * The backend's logger. Secrets and personal data are removed by path, as a safety net: code never logs a
 * secret on purpose (gateway records arrive masked), but a request or config object logged in passing must not
 * leak one either.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'signKey',
        '*.signKey',
        'gateway.signKey',
        'config.gateway.signKey',
        'shopSecret',
        '*.shopSecret',
        'adminToken',
        '*.adminToken',
        'client_secret',
        '*.client_secret',
        'encryption_data',
        '*.encryption_data',
        'headers.authorization',
        '*.headers.authorization',
        'req.headers.authorization',
      ],
      censor: '[masked]',
    },
  });
}

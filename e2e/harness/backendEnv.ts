/**
 * What every test that runs `server/main.ts` as a process gives it: a loopback port that is also its PUBLIC_URL
 * (so the gateway's notifications and the shopper's returns reach it), the gateway, SQLite unless the caller
 * names a database, and the line that says it listens. Callers add what their test needs (rate limits,
 * reconcile timing, the store).
 */
export const BACKEND_LISTENING = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"merchant backend listening"/;

export function backendEnv(port: number, gatewayUrl: string): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    GATEWAY_BASE_URL: gatewayUrl,
    DATABASE_URL: '',
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBackendProcess } from './startBackendProcess';

const dir = mkdtempSync(join(tmpdir(), 'backend-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// nothing here pays: a closed port is gateway enough
const GATEWAY = 'http://127.0.0.1:9';

describe('startBackendProcess: server/main.ts as a child process', () => {
  it('starts, is killed, and starts again on the same URL and store', async () => {
    const backend = await startBackendProcess({
      gatewayUrl: GATEWAY,
      logFile: join(dir, 'restart.log'),
      env: { SQLITE_FILE: join(dir, 'restart.db') },
    });
    try {
      const { url } = backend;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      await backend.kill9();
      expect(backend.running).toBe(false);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();

      await backend.start();
      expect(backend.url).toBe(url);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await backend.stop();
      expect(await backend.exited).toBe(0);
      expect(backend.output().match(/--- start /g)).toHaveLength(2);
      expect(backend.output()).toContain('"msg":"shut down"');
    } finally {
      await backend.kill9();
    }
  });

  it('reports a process that exits before it listens, with what it wrote to stderr', async () => {
    // production refuses the demo secrets and says so on stderr, then exits 1
    const started = startBackendProcess({
      gatewayUrl: GATEWAY,
      logFile: join(dir, 'refused.log'),
      env: { NODE_ENV: 'production', SQLITE_FILE: join(dir, 'refused.db') },
    });
    await expect(started).rejects.toThrow(
      /merchant backend did not start: exited early with code 1[\s\S]*refusing to start/,
    );
  });

  it('refuses to start without a store named, rather than write to ./data/', async () => {
    await expect(startBackendProcess({ gatewayUrl: GATEWAY, logFile: join(dir, 'none.log'), env: {} })).rejects.toThrow(
      /name the store/,
    );
  });
});

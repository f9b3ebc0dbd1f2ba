import { request } from 'node:http';

/**
 * One request with exactly these headers, the body as sent: fetch() would decompress a brotli or gzip body by
 * itself, so a test of Content-Encoding reads the bytes with node:http.
 */
export function rawRequest(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

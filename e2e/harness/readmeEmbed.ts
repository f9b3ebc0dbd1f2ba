/**
 * The widget README's "Embedding" steps as code: the code blocks marked `<!-- embed:<step> -->` in
 * widget/README.md, with the README's example origins and values replaced by a run's, and nothing else changed.
 * Used by the e2e test (e2e/journeys/readmeEmbed.test.ts) and the embed benchmark (bench/widgetEmbed.ts), so
 * neither can drift from what the README tells a shop developer.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WidgetManifest } from '../../widget/build/widgetBundle';

const README = fileURLToPath(new URL('../../widget/README.md', import.meta.url));

export interface EmbedOrigins {
  backendUrl: string;
  gatewayUrl: string;
  shopOrigin: string;
}

/** The code block right after `<!-- embed:<name> -->` in widget/README.md. */
function readmeSnippet(name: 'env' | 'session' | 'page' | 'csp'): string {
  const text = readFileSync(README, 'utf8');
  const block = new RegExp(`<!-- embed:${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\\n\`\`\``).exec(text);
  if (!block) throw new Error(`widget/README.md has no code block marked <!-- embed:${name} -->`);
  return block[1]!;
}

function localize(text: string, values: Record<string, string>): string {
  let out = text;
  for (const [example, actual] of Object.entries(values)) out = out.replaceAll(example, actual);
  return out;
}

function exampleOrigins(o: EmbedOrigins): Record<string, string> {
  return {
    'https://pay.example.com': o.backendUrl,
    'https://gateway.example.com': o.gatewayUrl,
    'https://shop.example': o.shopOrigin,
  };
}

/** Step 1: the backend's environment (`KEY=value` lines). */
export function readmeBackendEnv(shopOrigin: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of localize(readmeSnippet('env'), { 'https://shop.example': shopOrigin }).split('\n')) {
    const [key, ...value] = line.split('=');
    if (key?.trim()) env[key.trim()] = value.join('=').trim();
  }
  return env;
}

/** Step 2: the shop server's code, run as written with `process.env.SHOP_SECRET` set. */
export function readmeCreateSession(
  o: EmbedOrigins,
  shopSecret: string,
): Promise<{ id: string; client_secret: string }> {
  const run = new Function(
    'fetch',
    'process',
    `return (async () => {\n${localize(readmeSnippet('session'), exampleOrigins(o))}\nreturn { id, client_secret };\n})();`,
  ) as (f: typeof fetch, p: { env: Record<string, string> }) => Promise<{ id: string; client_secret: string }>;
  return run(fetch, { env: { SHOP_SECRET: shopSecret } });
}

/**
 * Steps 3 and 4: the page (step 3's HTML as its body, with the pinned loader's name and SRI hash from the build's
 * manifest, as `npm run build` prints them) and its Content-Security-Policy header (step 4).
 */
export function readmeShopPage(
  o: EmbedOrigins,
  session: { id: string; client_secret: string },
  manifest: WidgetManifest,
): { html: string; csp: string } {
  const body = localize(readmeSnippet('page'), {
    ...exampleOrigins(o),
    'widget-<hash>.js': manifest.loaderVersioned.file,
    'sha384-...': manifest.loaderVersioned.integrity,
    'cs_2NfX...': session.id,
    'sec_9aB...': session.client_secret,
  });
  const csp = localize(readmeSnippet('csp'), exampleOrigins(o))
    .replace(/^Content-Security-Policy:\s*/, '')
    .split('\n')
    .map((l) => l.trim())
    .join(' ');
  const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>README shop</title></head>\n<body>\n${body}\n</body></html>`;
  return { html, csp };
}

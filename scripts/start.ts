/**
 * `npm start`: the demo. Starts the gateway sandbox and the merchant backend as two child processes (neither
 * imports the other) and prints the URLs and demo credentials.
 */
import { existsSync } from 'node:fs';

const parts = [
  { name: 'sandbox gateway', entry: 'sandbox/main.ts', url: 'http://127.0.0.1:4010' },
  { name: 'merchant backend', entry: 'server/main.ts', url: 'http://127.0.0.1:4000' },
];
const missing = parts.filter((p) => !existsSync(p.entry));
if (missing.length) {
  console.log('npm start will run:');
  for (const p of parts) console.log(`  ${p.name.padEnd(17)} ${p.url}  (${existsSync(p.entry) ? 'ready' : 'not built yet'})`);
  console.log('Not all parts exist yet, so nothing was started. See README.md for the state of the project.');
  process.exit(0);
}

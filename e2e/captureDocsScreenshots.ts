/**
 * Refreshes the screenshots committed under docs/ (shown in e2e/README.md): the widget's form on the demo shop and
 * the admin page's overview, over a freshly started system with a few orders in it. Run by hand after a visible
 * change: `npx tsx e2e/captureDocsScreenshots.ts`. The tests never write to docs/ (their screenshots go to
 * e2e/artifacts/, git-ignored).
 */
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './harness/launchBrowser';
import { signIn } from './harness/owner';
import { payOneByPix } from './harness/seedPaidOrders';
import { openDemoShop, widget } from './harness/shopper';
import { startSystem } from './harness/startSystem';

const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));

const system = await startSystem({ name: 'docs-screenshots' });
const browser = await launchBrowser();
try {
  const outcomes = ['approve', 'approve', 'approve', 'approve', 'decline', 'approve', 'cancel', 'approve'] as const;
  for (const [i, outcome] of outcomes.entries()) await payOneByPix(system, i, outcome);

  const shopper = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await openDemoShop(shopper, system.backend.url, { currency: 'BRL', country: 'BR' });
  await widget(shopper).locator('input[name="first_name"]').fill('Ana');
  await widget(shopper).screenshot({ path: `${DOCS}widget.png` });

  const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(owner, system.backend.url, system.owner);
  await owner.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await owner.locator('main svg, main table').first().waitFor();
  await owner.screenshot({ path: `${DOCS}admin-overview.png`, fullPage: true });
  console.log(`docs: wrote ${DOCS}widget.png and ${DOCS}admin-overview.png`);
} finally {
  await browser.close();
  await system.close();
}

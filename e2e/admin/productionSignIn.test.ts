/**
 * Issue #32, "Getting in": the first sign-in, two-factor enrolment and the next sign-in of an owner, a support agent
 * and an accountant, in Chromium, against a backend with production settings behind HTTPS as docs/deploy.md has
 * it (TLS ends at a proxy in front; the backend speaks plain HTTP behind it). The backend runs in this process
 * (`startBackend`) with the production flag that sign-in, cookies and two-factor read (`config.production`, as
 * server/team/routes/adminAccount.test.ts sets it), on a clock the test moves, so that each TOTP code is a fresh
 * one; the cookie is then `__Host-admin_session`, `Secure`, which the browser keeps only from HTTPS.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { totpCodeAt } from '../../server/team/totp';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { saveScreenshot } from '../harness/artifacts';
import { releaseBrowser, workerBrowser } from '../harness/launchBrowser';
import { STEP_MS } from '../harness/shopper';

let clock = Date.parse('2025-05-01T08:00:00Z');
const tick = (ms: number) => {
  clock += ms;
};

let backend: Backend;
let proxy: Server;
let publicUrl: string;
let browser: Browser;
let certDir: string;

/** A TLS proxy in front of the backend, with a certificate made for this run (the browser is told to accept it). */
async function startTlsProxy(): Promise<{ server: Server; url: string; target: (url: string) => void }> {
  certDir = mkdtempSync(join(tmpdir(), 'e2e-tls-'));
  const key = join(certDir, 'key.pem');
  const cert = join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  let upstream = '';
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const to = new URL(req.url ?? '/', upstream);
    const forwarded = httpRequest(
      to,
      {
        method: req.method,
        // as a load balancer does: the backend sees the browser's Host and Origin unchanged
        headers: { ...req.headers, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `https://127.0.0.1:${port}`, target: (u) => (upstream = u) };
}

beforeAll(async () => {
  const tls = await startTlsProxy();
  proxy = tls.server;
  publicUrl = tls.url;
  [backend, browser] = await Promise.all([
    startBackend({
      now: () => new Date(clock),
      // the built admin page (the browser project's globalSetup builds it), at the public HTTPS address
      env: { ADMIN_DIR: 'dist/admin', WIDGET_DIR: 'dist/widget', PUBLIC_URL: publicUrl, ALLOWED_ORIGINS: publicUrl },
    }),
    workerBrowser(),
  ]);
  tls.target(backend.url);
  backend.config.production = true;
}, 90_000);

afterAll(async () => {
  await releaseBrowser(browser);
  await backend?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', ignoreHTTPSErrors: true });
  context.setDefaultTimeout(STEP_MS);
  return context.newPage();
}

/** A welcome link for a new person, as an owner's Team page makes it. */
async function invite(email: string, role: string): Promise<{ id: string; link: string }> {
  const added = await admin(backend, '/users', { method: 'POST', body: { email, role } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  expect(added.body.sign_in_link.url.startsWith(`${publicUrl}/admin/`)).toBe(true);
  return { id: added.body.user.id, link: added.body.sign_in_link.url };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/** On the enrolment page: sets up two-factor sign-in with the key shown, keeps the codes, continues. */
async function enrol(page: Page): Promise<string> {
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  await page.getByText('Everyone on the team signs in with a second factor here').waitFor();
  expect(await nav(page).getByRole('link').allInnerTexts()).toEqual(['Your account']);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.locator('.card code').first().innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(totpCodeAt(secret, clock));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Recovery codes' }).locator('li').count()).toBe(10);
  await page.getByRole('button', { name: 'I have kept the codes: continue' }).click();
  await nav(page).getByRole('link', { name: 'Orders' }).waitFor();
  return secret;
}

/** Signs in with the password, then the code the page asks for. */
async function signInWithCode(page: Page, email: string, password: string, secret: string): Promise<void> {
  await page.goto(`${publicUrl}/admin/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Code from your authenticator app (or a recovery code)');
  await code.waitFor();
  tick(60_000);
  await code.fill(totpCodeAt(secret, clock));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await nav(page).getByRole('link', { name: 'Orders' }).waitFor();
}

describe('getting in, with production settings behind HTTPS (issue #32)', () => {
  const people = [
    { email: 'owner@live.test', role: 'owner' },
    { email: 'support@live.test', role: 'support' },
    { email: 'finance@live.test', role: 'finance' },
  ];
  const secrets = new Map<string, string>();

  for (const person of people) {
    it(`a new ${person.role} sets a password with the welcome link, enrols two-factor, signs out and in again`, async () => {
      const { link } = await invite(person.email, person.role);
      const page = await openPage();
      const password = `${person.role} has a long password`;
      await page.goto(link);
      await page.getByLabel('New password').fill(password);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      // the enrolment-only session is not "ended": the page offers the enrolment and asks nothing else
      const secret = await enrol(page);
      secrets.set(person.email, secret);
      expect(await page.getByText('Your session ended').count()).toBe(0);
      const cookies = await page.context().cookies();
      expect(cookies.map((c) => [c.name, c.secure, c.httpOnly, c.sameSite])).toEqual([
        ['__Host-admin_session', true, true, 'Strict'],
      ]);
      // the open-disputes counter and the first page load as the role may see them
      await page.getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('E-mail').waitFor();
      await signInWithCode(page, person.email, password, secret);
      expect(await page.getByText('Your session ended').count()).toBe(0);
      await saveScreenshot(page, `production-sign-in-${person.role}`);
    }, 60_000);
  }

  it('after an owner resets a person’s two-factor, that person enrols again from the page', async () => {
    const support = people[1]!;
    const page = await openPage();
    await signInWithCode(page, support.email, 'support has a long password', secrets.get(support.email)!);
    const team = await admin(backend, '/users');
    const id = team.body.users.find((u: { email: string }) => u.email === support.email).id;
    expect((await admin(backend, `/users/${id}/reset-2fa`, { method: 'POST' })).status).toBe(200);

    // the reset ended the session: the next request says so, and the page asks to sign in
    await page.evaluate(() => (location.hash = '#/disputes'));
    await page.getByText('Your session ended. Sign in again.').waitFor();
    await page.getByLabel('E-mail').fill(support.email);
    await page.getByLabel('Password').fill('support has a long password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    tick(60_000);
    await enrol(page);
  }, 60_000);
});

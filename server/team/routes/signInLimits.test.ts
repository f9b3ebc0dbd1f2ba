import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../../testing/adminClient';
import { addPerson, personCall, type Person, signInPerson } from '../../../testing/people';
import { totpCodeAt } from '../totp';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

/**
 * Issue #32, "Getting in": sign-in limits that hold under concurrency, a two-factor sign-in that is not a failure,
 * answers that never tell a right password from a wrong one, bounded lock-outs, people already signed in never
 * locked out by someone else's guesses, and keys of a disabled owner refused.
 */
describeOnStores('sign-in limits (issue #32)', (kind) => {
  let backend: Backend;
  let clock = new Date('2025-04-01T09:00:00Z');
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  /** each test signs in from addresses of its own (the backend trusts one proxy, as behind a load balancer) */
  let nextNet = 1;
  const network = () => {
    const net = nextNet++;
    return (host: number) => `10.${net}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
  };
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  const signInFrom = (ip: string, given: { email: string; password: string; code?: string }) =>
    personCall(backend, null, '/sign-in', {
      body: { email: given.email, password: given.password, ...(given.code ? { code: given.code } : {}) },
      headers: from(ip),
    });

  beforeAll(async () => {
    backend = await startBackend({
      store: kind,
      now: () => clock,
      env: { AUTH_FAILURES_PER_IP: '10', TRUSTED_PROXY_HOPS: '1' },
    });
  });
  afterAll(() => backend?.close());

  /** Adds a person with two-factor on; their TOTP secret and recovery codes. */
  async function withTwoFactor(email: string, role: string) {
    const person = await addPerson(backend, { email, role });
    const { cookie } = await signInPerson(backend, person);
    const start = await personCall(backend, cookie, '/me/totp', { method: 'POST' });
    const on = await personCall(backend, cookie, '/me/totp/confirm', {
      body: { code: totpCodeAt(start.body.secret, clock.getTime()) },
    });
    expect(on.status).toBe(200);
    tick(60_000);
    return { person, secret: start.body.secret as string, recovery: on.body.recovery_codes as string[] };
  }

  it('the first step of a two-factor sign-in is no failure: twenty correct sign-ins from one address all get in', async () => {
    const ip = network()(0);
    const { person, secret } = await withTwoFactor('kim@shop.test', 'finance');
    for (let i = 0; i < 20; i++) {
      const first = await signInFrom(ip, person);
      expect(first.status).toBe(401);
      expect(first.body.error.code).toBe('code_required');
      const second = await signInFrom(ip, { ...person, code: totpCodeAt(secret, clock.getTime()) });
      expect(second.status, `sign-in ${i + 1}`).toBe(200);
      tick(30_000);
    }
  });

  it('a wrong password and the right one without a code get the same answer on a two-factor account', async () => {
    const ip = network()(0);
    const { person } = await withTwoFactor('lee@shop.test', 'owner');
    const right = await signInFrom(ip, person);
    const wrong = await signInFrom(ip, { email: person.email, password: 'not the password at all' });
    expect([right.status, right.body]).toEqual([wrong.status, wrong.body]);
    expect(wrong.body.error.code).toBe('code_required');
    // ... but the wrong one is counted: with any code it is refused, and it counts towards the lock
    const team = await admin(backend, '/users');
    expect(team.body.users.find((u: Person) => u.email === person.email).failed_sign_ins).toBe(1);
  });

  it('200 concurrent guesses from one address: at most the address budget is checked, the right one does not pass', async () => {
    const ip = network()(0);
    const victim = await addPerson(backend, { email: 'max@shop.test', role: 'owner' });
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 199 ? victim.password : `guess number ${i}`));
    const answers = await Promise.all(guesses.map((password) => signInFrom(ip, { email: victim.email, password })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length, 'checked at all').toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(190);
    const throttled = answers.find((a) => a.status === 429)!;
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // the account took at most its own limit of failures and is locked for 15 minutes, not longer
    const row = (await admin(backend, '/users')).body.users.find((u: Person) => u.email === victim.email);
    expect(row.failed_sign_ins).toBe(5);
    expect(row.locked_until).toBe(new Date(clock.getTime() + 15 * 60_000).toISOString());
  });

  it('concurrent guesses at one account from many addresses: five are checked, then it is locked for 15 minutes only', async () => {
    const net = network();
    const victim = await addPerson(backend, { email: 'ned@shop.test', role: 'owner' });
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? victim.password : `guess ${i}`));
    const answers = await Promise.all(
      guesses.map((password, i) => signInFrom(net(i), { email: victim.email, password })),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 401)).toEqual([]);
    const row = (await admin(backend, '/users')).body.users.find((u: Person) => u.email === victim.email);
    expect(row.failed_sign_ins).toBe(5);
    expect(row.locked_until).toBe(new Date(clock.getTime() + 15 * 60_000).toISOString());
    // a second burst while locked does not lengthen the lock
    await Promise.all(Array.from({ length: 20 }, (_, i) => signInFrom(net(100 + i), { ...victim, password: `x${i}` })));
    tick(15 * 60_000 + 1);
    expect((await signInFrom(net(200), victim)).status).toBe(200);
  });

  it('one TOTP code and one recovery code each give exactly one session, however many requests carry them', async () => {
    const net = network();
    const { person, secret, recovery } = await withTwoFactor('ola@shop.test', 'support');
    const code = totpCodeAt(secret, clock.getTime());
    const byCode = await Promise.all(Array.from({ length: 8 }, (_, i) => signInFrom(net(i), { ...person, code })));
    expect(byCode.filter((a) => a.status === 200)).toHaveLength(1);
    // the copies were failures: enough of them lock the account, as guesses would
    const unlock = () => admin(backend, `/users/${person.id}/unlock`, { method: 'POST' });
    await unlock();
    tick(60_000);
    const byRecovery = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signInFrom(net(10 + i), { ...person, code: recovery[0]! })),
    );
    expect(byRecovery.filter((a) => a.status === 200)).toHaveLength(1);
    await unlock();
    expect((await signInFrom(net(30), { ...person, code: recovery[1]! })).status).toBe(200);
  });

  it('a person signed in keeps working while their address is throttled by someone else’s guesses', async () => {
    const ip = network()(0);
    const pat = await addPerson(backend, { email: 'pat@shop.test', role: 'viewer' });
    const signedIn = await signInFrom(ip, pat);
    expect(signedIn.status).toBe(200);
    // someone behind the same address guesses passwords, then tokens, until both are throttled
    for (let i = 0; i < 12; i++) await signInFrom(ip, { email: 'who@shop.test', password: `guess ${i}` });
    expect((await signInFrom(ip, { email: 'who@shop.test', password: 'one more' })).status).toBe(429);
    for (let i = 0; i < 12; i++) await admin(backend, '/orders', { token: `wrong-${i}`, headers: from(ip) });
    expect((await admin(backend, '/orders', { token: 'wrong', headers: from(ip) })).status).toBe(429);
    const me = await personCall(backend, signedInCookie(signedIn.headers), '/me', { headers: from(ip) });
    expect(me.status).toBe(200);
    expect((await personCall(backend, signedInCookie(signedIn.headers), '/orders', { headers: from(ip) })).status).toBe(
      200,
    );
  });

  it('a disabled or demoted owner’s API keys stop working; enabled again, they work again', async () => {
    const ip = network()(0);
    const quinn = await addPerson(backend, { email: 'quinn@shop.test', role: 'owner' });
    const cookie = signedInCookie((await signInFrom(ip, quinn)).headers);
    const made = await personCall(backend, cookie, '/keys', { body: { name: 'quinn script', role: 'owner' } });
    expect(made.status).toBe(201);
    const key: string = made.body.key;
    expect((await admin(backend, '/orders', { token: key })).status).toBe(200);
    await admin(backend, `/users/${quinn.id}`, { method: 'PATCH', body: { disabled: true } });
    expect((await admin(backend, '/orders', { token: key })).status).toBe(401);
    await admin(backend, `/users/${quinn.id}`, { method: 'PATCH', body: { disabled: false } });
    expect((await admin(backend, '/orders', { token: key })).status).toBe(200);
    await admin(backend, `/users/${quinn.id}`, { method: 'PATCH', body: { role: 'viewer' } });
    expect((await admin(backend, '/orders', { token: key })).status).toBe(401);
  });

  it('in production every person needs a second factor; until then the session answers 403, never 401', async () => {
    const net = network();
    const people = await Promise.all(
      ['owner', 'finance', 'support', 'viewer'].map((role) =>
        addPerson(backend, { email: `${role}-p@shop.test`, role }),
      ),
    );
    backend.config.production = true;
    try {
      for (const [i, person] of people.entries()) {
        const res = await signInFrom(net(i), person);
        expect(res.status).toBe(200);
        expect(res.body, person.role).toMatchObject({ enrolment_required: true, permissions: [] });
        const cookie = signedInCookie(res.headers);
        // what the page's navigation asks on every page: not "signed out"
        const summary = await personCall(backend, cookie, '/disputes/summary', { headers: from(net(i)) });
        expect(summary.status).toBe(403);
        expect(summary.body.error.code).toBe('enrolment_required');
        expect((await personCall(backend, cookie, '/me', { headers: from(net(i)) })).status).toBe(200);
      }
      // many such answers from one address lock nobody out
      const res = await signInFrom(net(50), people[0]!);
      const cookie = signedInCookie(res.headers);
      for (let i = 0; i < 15; i++) await personCall(backend, cookie, '/orders', { headers: from(net(50)) });
      expect((await admin(backend, '/orders', { headers: from(net(50)) })).status).toBe(200);
    } finally {
      backend.config.production = false;
    }
  });
});

/** The `name=value` of the session cookie (in production it is `__Host-admin_session`). */
function signedInCookie(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => /admin_session=/.test(c));
  if (!set) throw new Error('no session cookie was set');
  return set.split(';')[0]!;
}

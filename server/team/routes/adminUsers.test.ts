import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../../testing/adminClient';
import { addPerson, personCall, signInPerson } from '../../../testing/people';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

describeOnStores('the team (owners only)', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store: kind });
  });
  afterAll(() => backend?.close());

  it('a role change ends the sessions and is audited with before, after and the actor, never a secret', async () => {
    const owner = await addPerson(backend, { email: 'own@shop.test', role: 'owner' });
    const kim = await addPerson(backend, { email: 'kim@shop.test', role: 'viewer' });
    const ownerCookie = (await signInPerson(backend, owner)).cookie;
    const kimCookie = (await signInPerson(backend, kim)).cookie;

    const changed = await personCall(backend, ownerCookie, `/users/${kim.id}`, {
      method: 'PATCH',
      body: { role: 'finance' },
    });
    expect(changed.body.user).toMatchObject({ email: 'kim@shop.test', role: 'finance' });
    expect((await personCall(backend, kimCookie, '/me')).status, 'sessions end on a role change').toBe(401);

    const events = await admin(backend, '/events?type=user');
    const line = events.body.events.find((e: { detail?: { user?: string; before?: unknown } }) =>
      JSON.stringify(e).includes('role changed: kim@shop.test'),
    );
    expect(JSON.stringify(line)).toContain('"actor":"user:own@shop.test"');
    expect(JSON.stringify(line)).toContain('"before":{"role":"viewer","disabled":false,"totp_enabled":false}');
    expect(JSON.stringify(line)).toContain('"after":{"role":"finance","disabled":false,"totp_enabled":false}');
    expect(JSON.stringify(events.body)).not.toMatch(/scrypt\$|pw-kim|sil_/);

    const bad = await personCall(backend, ownerCookie, `/users/${kim.id}`, { method: 'PATCH', body: { role: 'boss' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toBe('role');
  });

  it('disabling refuses the sign-in; the last owner can be neither demoted nor disabled', async () => {
    const users = (await admin(backend, '/users')).body.users as { id: string; email: string; role: string }[];
    const kim = users.find((u) => u.email === 'kim@shop.test')!;
    expect((await admin(backend, `/users/${kim.id}`, { method: 'PATCH', body: { disabled: true } })).status).toBe(200);
    expect((await signInPerson(backend, { email: kim.email, password: `pw-${kim.email}-long-enough` })).status).toBe(
      401,
    );

    const owner = users.find((u) => u.role === 'owner')!;
    const demote = await admin(backend, `/users/${owner.id}`, { method: 'PATCH', body: { role: 'viewer' } });
    expect(demote.status).toBe(409);
    const disable = await admin(backend, `/users/${owner.id}`, { method: 'PATCH', body: { disabled: true } });
    expect(disable.status).toBe(409);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountLookup, isQueryIpAllowed, loadAccounts } from './accounts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-accounts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};

describe('accounts', () => {
  it('has the demo account (manual capture, four APMs, loopback queries) and an auto-capture twin', () => {
    const find = accountLookup(loadAccounts());
    expect(find('701001010')).toMatchObject({
      merchant_id: '701001',
      sign_key: 'sk_sandbox_701001010',
      capture: 'manual',
      apm_methods: ['PIX', 'BOLETO', 'ALIPAY', 'IDEAL'],
    });
    expect(find('701001020')).toMatchObject({ capture: 'auto', sign_key: 'sk_sandbox_701001020' });
  });

  it('adds accounts from a file with defaults, and a file entry replaces a built-in one', () => {
    const find = accountLookup(
      loadAccounts(
        file('ok.json', [
          { merchant_id: '702001', account_id: '702001010', sign_key: 'sk_my_test_key' },
          { merchant_id: '701001', account_id: '701001010', sign_key: 'sk_rotated_key', capture: 'auto' },
        ]),
      ),
    );
    expect(find('702001010')).toMatchObject({
      capture: 'manual',
      query_ips: ['127.0.0.1', '::1'],
      apm_methods: ['PIX', 'BOLETO', 'ALIPAY', 'IDEAL'],
    });
    expect(find('701001010')).toMatchObject({ sign_key: 'sk_rotated_key', capture: 'auto' });
    expect(find('701001020')).toBeDefined();
  });

  it('refuses a bad file naming the field', () => {
    expect(() =>
      loadAccounts(file('bad.json', [{ merchant_id: '70100199', account_id: '1', sign_key: 'sk_long_enough' }])),
    ).toThrow(/0\.merchant_id/);
  });

  it('query IPs: loopback in both families, IPv4-mapped addresses included', () => {
    const [demo] = loadAccounts();
    expect(isQueryIpAllowed(demo!, '127.0.0.1')).toBe(true);
    expect(isQueryIpAllowed(demo!, '::ffff:127.0.0.1')).toBe(true);
    expect(isQueryIpAllowed(demo!, '::1')).toBe(true);
    expect(isQueryIpAllowed(demo!, '10.0.0.1')).toBe(false);
    expect(isQueryIpAllowed(demo!, undefined)).toBe(false);
  });
});

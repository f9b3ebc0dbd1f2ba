import { ConfigError, loadConfig } from '../../server/config';
import { createGatewayClient } from '../../server/gateway';
import { checkAccount } from '../../server/gateway/checkAccount';
import type { Output } from './io';

/**
 * `gateway check`: the backend's own gateway settings (the same environment, GATEWAY_PROFILE_FILE included)
 * tried against the real account with calls that move no money. Prints each part in words; 0 when all pass.
 */
export async function checkGateway(env: Readonly<Record<string, string | undefined>>, stdout: Output): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    stdout.write(`✗ configuration: fix these first\n${e.message.replace(/^/gm, '    ')}\n`);
    return 1;
  }
  const { baseUrl, merchantId, accountId, signKey, timeoutMs, profile } = config.gateway;
  stdout.write(
    `gateway ${baseUrl}, merchant ${merchantId}, account ${accountId}, profile ${env.GATEWAY_PROFILE_FILE || '(defaults)'}\n`,
  );
  // one try each: a check should answer quickly and say what is wrong, not wait through back-offs
  const gateway = createGatewayClient({
    baseUrl,
    merchantId,
    accountId,
    signKey,
    timeoutMs,
    profile,
    retry: { maxRetries: 0 },
  });
  const result = await checkAccount(gateway);
  for (const s of result.steps) stdout.write(`${s.ok ? '✓' : '✗'} ${s.name}: ${s.says}\n`);
  stdout.write(
    result.ok
      ? 'all checks passed. Not checked by these calls: the payment-request and notification signatures; make one small real payment and refund it before going live.\n'
      : 'some checks failed: fix what is named above, then run this again.\n',
  );
  return result.ok ? 0 : 1;
}

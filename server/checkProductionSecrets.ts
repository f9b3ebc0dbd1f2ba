/** The secrets a production start checks for strength, and the least each must have. */
const RULES = {
  // we tell the owner to generate these two (`openssl rand -base64 32`): no reason to accept less
  ADMIN_TOKEN: { minLength: 32 },
  SHOP_SECRET: { minLength: 32 },
  // issued by the gateway, not by us, so only what no real key falls short of
  SIGN_KEY: { minLength: 16 },
  // seals the saved cards' tokens: as weak as a password if short
  TOKEN_KEY: { minLength: 32 },
} as const;

export type ProductionSecrets = Record<keyof typeof RULES, string>;

/** Below this many bits of character entropy per character a value is repetitive, not random. */
const MIN_BITS_PER_CHAR = 3;

/**
 * What is wrong with the production secrets, one line each, naming variables and never a value: too short, too
 * repetitive (the Shannon entropy of its characters: 'aaaa...' or 'password-password-...' are long but
 * guessable; any random value of the minimum length passes with room), one of the demo values (the README
 * publishes them), or the same as another secret (one leak would then open every door).
 */
export function checkProductionSecrets(secrets: ProductionSecrets, demoValues: readonly string[]): string[] {
  const problems: string[] = [];
  const names = Object.keys(RULES) as (keyof typeof RULES)[];
  for (const name of names) {
    const value = secrets[name];
    if (!value) continue; // reported as missing already
    if (demoValues.includes(value) || value.startsWith('sk_sandbox_')) {
      problems.push(`${name}: a demo value is refused when NODE_ENV=production`);
      continue;
    }
    const { minLength } = RULES[name];
    if (value.length < minLength)
      problems.push(
        `${name}: must be at least ${minLength} characters when NODE_ENV=production (e.g. \`openssl rand -base64 32\`)`,
      );
    else if (bitsPerChar(value) < MIN_BITS_PER_CHAR)
      problems.push(`${name}: too predictable (repeats a few characters); use a random value`);
  }
  for (const [i, a] of names.entries()) {
    for (const b of names.slice(i + 1)) {
      if (secrets[a] && secrets[a] === secrets[b]) problems.push(`${b}: must differ from ${a}`);
    }
  }
  return problems;
}

/** Shannon entropy of the value's characters, in bits per character. */
function bitsPerChar(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

import type { MessageKey, Messages } from './en';

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** English texts registered later (registerAfterPayMessages.ts): the fallback of every catalogue. */
const fallback: Partial<Messages> = {};

export function addFallbackMessages(messages: Partial<Messages>): void {
  Object.assign(fallback, messages);
}

/**
 * A `t()` over one catalogue, then the registered fallback; a key found in neither shows as itself (never an
 * empty string). `{name}` placeholders without a value are left visible rather than dropped.
 */
export function createTranslate(messages: Partial<Messages>): Translate {
  return function t(key, vars) {
    const text = messages[key] ?? fallback[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}

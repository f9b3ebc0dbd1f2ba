import type { MessageKey, Messages } from './en';

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** A `t()` over one catalogue; `{name}` placeholders without a value are left visible rather than dropped. */
export function createTranslate(messages: Messages): Translate {
  return function t(key, vars) {
    const text = messages[key];
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}

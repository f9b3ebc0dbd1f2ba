/** The locales the widget ships. English is bundled; the others are separate chunks (see loadMessages). */
export const LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** `fr-CH` -> `fr-CH`; an invalid tag -> undefined, so a typo in `data-locale` falls back instead of throwing. */
export function canonicalTag(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The shipped locale for a requested tag: the tag itself, then each shorter prefix (`fr-CH` -> `fr`), then
 * another region of the same language (`pt-PT` -> `pt-BR`: closer for the shopper than English), then `en`.
 */
export function resolveLocale(requested: string | undefined): Locale {
  const tag = canonicalTag(requested);
  if (!tag) return 'en';
  const lower = LOCALES.map((l) => l.toLowerCase());
  const parts = tag.split('-');
  for (let n = parts.length; n > 0; n--) {
    const i = lower.indexOf(parts.slice(0, n).join('-').toLowerCase());
    if (i >= 0) return LOCALES[i]!;
  }
  const language = parts[0]!.toLowerCase();
  return LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language) ?? 'en';
}

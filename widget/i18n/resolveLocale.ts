/** The locales the widget ships. English is bundled; the others are separate chunks (see loadMessages). */
export const LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'zh-CN', 'nl', 'ja', 'ar'] as const;
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

/** `rtl` for the locales written right to left: the widget's root carries it as `dir`. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The shipped locale for one tag: the tag itself, then each shorter prefix (`fr-CH` -> `fr`), then another region
 * of the same language (`pt-PT` -> `pt-BR`: closer for the shopper than English); undefined when none fits.
 */
function matchLocale(requested: string): Locale | undefined {
  const tag = canonicalTag(requested);
  if (!tag) return undefined;
  const lower = LOCALES.map((l) => l.toLowerCase());
  const parts = tag.split('-');
  for (let n = parts.length; n > 0; n--) {
    const i = lower.indexOf(parts.slice(0, n).join('-').toLowerCase());
    if (i >= 0) return LOCALES[i]!;
  }
  const language = parts[0]!.toLowerCase();
  return LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language);
}

/** The first of the tags, in order of preference, that a shipped locale fits (`['xx', 'nl-BE']` -> `nl-BE`). */
export function preferredTag(tags: readonly string[]): string | undefined {
  return tags.find((tag) => matchLocale(tag));
}

/**
 * The shipped locale for a tag or a list of them in order of preference (the browser's `navigator.languages`):
 * the first that fits (`['xx', 'nl-BE']` -> `nl`), else `en`.
 */
export function resolveLocale(requested: string | readonly string[] | undefined): Locale {
  const tag = preferredTag(typeof requested === 'string' ? [requested] : (requested ?? []));
  return (tag && matchLocale(tag)) || 'en';
}

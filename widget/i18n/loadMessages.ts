import { en, type Messages } from './en';
import type { Locale } from './resolveLocale';

/** One lazy chunk per locale: a shopper downloads only the language they read. */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Partial<Messages> }>> = {
  fr: () => import('./fr'),
  de: () => import('./de'),
  es: () => import('./es'),
  'pt-BR': () => import('./pt-BR'),
  'zh-CN': () => import('./zh-CN'),
  nl: () => import('./nl'),
  ja: () => import('./ja'),
  ar: () => import('./ar'),
};

/** The messages of `locale` over English; if the chunk cannot load, English alone, so checkout still works. */
export async function loadMessages(locale: Locale): Promise<Partial<Messages>> {
  if (locale === 'en') return en;
  try {
    const { default: partial } = await LOADERS[locale]();
    return { ...en, ...partial };
  } catch {
    return en;
  }
}

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { en } from '../../i18n/en';
import { createTranslate, type Translate } from '../../i18n/translate';

export interface WidgetContextValue {
  t: Translate;
  /** the shopper's tag for Intl formatting (`fr-CH`), which may be finer than the message locale (`fr`) */
  locale: string;
  /** a DOM id unique to this widget instance, so two widgets on one page never share label targets */
  idFor: (path: string) => string;
}

export const WidgetContext = createContext<WidgetContextValue>({
  t: createTranslate(en),
  locale: 'en',
  idFor: (path) => `ck-${path.replace(/\./g, '-')}`,
});

export function useWidget(): WidgetContextValue {
  return useContext(WidgetContext);
}

import type { FormValues } from './formValues';

/** What is kept of a form across a page load: the shopper's values and their method. Never card data (none here). */
export interface KeptForm {
  values: FormValues;
  methodId: string | undefined;
}

const keyOf = (sessionId: string) => `checkout:form:${sessionId}`;

/**
 * The form as the shopper left it in this tab, for the same session: they went to an APM issuer's page and came
 * back (or reloaded), and must not type everything again. sessionStorage dies with the tab; storage that is
 * off or full (private modes, sandboxed pages) just keeps nothing.
 */
export function readKeptForm(sessionId: string): KeptForm | undefined {
  try {
    const text = globalThis.sessionStorage?.getItem(keyOf(sessionId));
    const kept = text ? (JSON.parse(text) as Partial<KeptForm>) : undefined;
    return kept?.values && typeof kept.values === 'object'
      ? { values: kept.values, methodId: kept.methodId }
      : undefined;
  } catch {
    return undefined;
  }
}

export function keepForm(sessionId: string, form: KeptForm): void {
  try {
    globalThis.sessionStorage?.setItem(keyOf(sessionId), JSON.stringify(form));
  } catch {
    // nothing kept: the shopper types again after a reload, as before
  }
}

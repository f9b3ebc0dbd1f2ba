import type { Appearance, AppearanceVariable } from '../core/types';

const PROPERTY: Record<AppearanceVariable, string> = {
  colorPrimary: '--ck-color-primary',
  colorPrimaryText: '--ck-color-primary-text',
  colorBackground: '--ck-color-background',
  colorText: '--ck-color-text',
  colorTextMuted: '--ck-color-text-muted',
  colorDanger: '--ck-color-danger',
  colorBorder: '--ck-color-border',
  borderRadius: '--ck-radius',
  fontFamily: '--ck-font-family',
  fontSize: '--ck-font-size',
};

/** A value that cannot close the declaration or the rule, nor fetch anything: a shop's typo must not inject CSS. */
const SAFE_VALUE = /^[^;{}<>\\]{1,200}$/;

/** The rule that sets an instance's variables, or '' when none are valid. Unknown names and unsafe values are skipped. */
function appearanceRule(selector: string, variables: Appearance['variables']): string {
  const declarations = Object.entries(variables ?? {})
    .filter(
      ([name, value]) =>
        name in PROPERTY && typeof value === 'string' && SAFE_VALUE.test(value) && !/url\(/i.test(value),
    )
    .map(([name, value]) => `${PROPERTY[name as AppearanceVariable]}:${value}`);
  return declarations.length ? `${selector}{${declarations.join(';')}}` : '';
}

/**
 * Applies the variables through a constructed stylesheet: CSSOM, so a strict `style-src` (no 'unsafe-inline')
 * allows it, unlike a style attribute. Returns the function that removes it. Browsers without constructable
 * stylesheets keep the theme's defaults.
 */
export function applyAppearance(doc: Document, selector: string, variables: Appearance['variables']): () => void {
  const rule = appearanceRule(selector, variables);
  const win = doc.defaultView;
  if (!rule || !win || typeof win.CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in doc)) return () => {};
  const sheet = new win.CSSStyleSheet();
  sheet.replaceSync(rule);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  return () => {
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

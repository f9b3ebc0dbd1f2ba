import type { PaymentMethodView } from '../../../shared/contract/session';

/**
 * Small drawings of the payment methods for the method list, in a lazy chunk MethodPicker imports after the form
 * has rendered: the first render does not wait for them. Plain shapes of our own in the text colour, not the
 * schemes' trademarks (whose use has rules of its own); a method without a drawing gets its name in a frame.
 *
 * Markup, not components: a chunk that used Preact's JSX would split Preact out of the entry into a shared chunk,
 * and the first render would need two requests. Nothing here comes from outside but the method's code, reduced to
 * letters and digits before it is written into the markup.
 */
const FRAME = '<rect x="1" y="1" width="38" height="22" rx="3" fill="none" stroke="currentColor" stroke-width="1.5"/>';
const line = (d: string, width = 1.5) => `<path d="${d}" fill="none" stroke="currentColor" stroke-width="${width}"/>`;

const DRAWINGS: Record<string, string> = {
  // a card: magnetic stripe and chip
  CARD: '<rect x="1" y="6" width="38" height="4" fill="currentColor"/><rect x="5" y="14" width="8" height="5" rx="1" fill="currentColor" opacity=".6"/>',
  // an instant transfer: two arrows turning into each other
  PIX: line('M12 9h13l-3-3M28 15H15l3 3', 2),
  // a bank slip: a bar code
  BOLETO: line('M7 6v12M10 6v12M12 6v12M16 6v12M19 6v12M21 6v12M25 6v12M28 6v12M30 6v12M33 6v12'),
  // a bank transfer: a bank's roof and columns
  IDEAL: line('M12 10l8-5 8 5zM13 11h14M14 12v6M18 12v6M22 12v6M26 12v6M12 19h16'),
  // a wallet
  ALIPAY:
    '<rect x="10" y="7" width="20" height="11" rx="2" fill="none" stroke="currentColor" stroke-width="1.5"/><circle cx="25" cy="12.5" r="1.5" fill="currentColor"/>',
};

/** The method's drawing as SVG markup (decorative: the radio's label names the method). */
export function methodLogo(method: PaymentMethodView): string {
  const code = method.kind === 'card' ? 'CARD' : (method.payment_method ?? method.id).toUpperCase();
  const name = code.replace(/[^A-Z0-9]/g, '').slice(0, 6);
  const drawing =
    DRAWINGS[code] ??
    `<text x="20" y="15.5" font-size="${name.length > 4 ? 7 : 8}" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="currentColor">${name}</text>`;
  return `<svg viewBox="0 0 40 24" width="40" height="24" aria-hidden="true" focusable="false">${FRAME}${drawing}</svg>`;
}

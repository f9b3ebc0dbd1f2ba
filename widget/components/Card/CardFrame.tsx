import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../../shared/contract/ApiError';
import type { CreatePaymentResponse } from '../../../shared/contract/payment';
import { isHttpUrl } from '../../core/isHttpUrl';
import { readWidgetMessage } from '../../core/readWidgetMessage';
import { useWidget } from '../internal/WidgetContext';
import '../../i18n/registerAfterPayMessages';

export interface CardFrameProps {
  /** the backend's /pay/frame/<token> URL, which posts on to the gateway's hosted card page */
  url: string;
  /** the backend's origin: the only sender whose results count */
  origin: string;
  /** the gateway card page's origin (the payment answer's frame_origin): its height messages count too */
  frameOrigin?: string | undefined;
  paymentId: string;
  /** the payment may have an outcome: ask the backend (a result message, or the card page cannot be reopened) */
  onResult: (paymentId: string) => void;
  onBack: () => void;
  /** a fresh link to this payment's card page (core/api/resumePayment.ts): never a second payment */
  resume: () => Promise<CreatePaymentResponse>;
  /** take the keyboard focus: after the shopper pressed Pay, never on a reload (it would steal the shop's focus) */
  focus: boolean;
}

const MIN_HEIGHT = 320;
const MAX_HEIGHT = 2000;

/**
 * The gateway's card page in an iframe. `sandbox` grants only what a hosted payment page needs: scripts and forms
 * (the auto-post and the card form), and its own origin (so /pay/return can post to us with a real origin and the
 * 3-D Secure pages keep their cookies). No top navigation, no popups: the frame cannot take the shop page away.
 * The height is set through the `height` attribute, not a style, so a strict style-src CSP still allows it.
 * (Chromium warns that scripts plus same-origin "can escape" the sandbox: true only when the shop page itself is
 * on the backend's origin, as the demo shop is, and then the framed page is the backend's own.) The first page,
 * /pay/frame, drops even its own origin by its CSP `sandbox`; a result message is only a cue to ask the backend.
 */
export function CardFrame({ url, origin, frameOrigin, paymentId, onResult, onBack, resume, focus }: CardFrameProps) {
  const { t } = useWidget();
  const frame = useRef<HTMLIFrameElement>(null);
  // none until the page says: the stylesheet's min(560px, 100vh) fits a phone without the Pay button scrolling
  const [height, setHeight] = useState<number>();
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  // the height shown, and whether a post changed it since the frame's last load: a page posts its height as it
  // is parsed, before its load event; the same height again afterwards (a resize observer's first call) is no news
  const shown = useRef<number>();
  const changed = useRef(false);
  const [lost, setLost] = useState(false);
  const [src, setSrc] = useState(url);

  // The same payment's card page again; a payment that moved on meanwhile (paid, expired) shows its outcome.
  // Still offline: the notice stays.
  const reopen = () =>
    resume().then(
      ({ action }) => {
        if (action.type === 'iframe' && isHttpUrl(action.url)) {
          setLost(false);
          setSrc(action.url);
          frame.current?.focus();
        } else onResultRef.current(paymentId);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'network')) onResultRef.current(paymentId);
      },
    );

  // keyboard users land in the card page, not on <body>
  useEffect(() => {
    if (focus) frame.current?.focus();
  }, []);

  // A page that said nothing new as it loaded (an issuer's 3-D Secure challenge) gets the stylesheet's default
  // height back, not the card page's; should it post its own height later, it gets that. A page loaded while the browser is offline is its error page (the card form's
  // post failed): the shopper is offered the same payment's card page again.
  const onLoad = () => {
    if (!changed.current) {
      shown.current = undefined;
      setHeight(undefined);
    }
    changed.current = false;
    if (!frame.current?.ownerDocument.defaultView?.navigator.onLine) setLost(true);
  };

  // A layout effect: listening from the moment the frame exists, so no early message is missed.
  useLayoutEffect(() => {
    const win = frame.current?.ownerDocument.defaultView;
    if (!win) return;
    const onMessage = (event: MessageEvent) => {
      // the gateway's page may size the frame, never end the payment: only the backend posts results
      const fromGateway = !!frameOrigin && event.origin === frameOrigin && frameOrigin !== origin;
      const message = readWidgetMessage(event, fromGateway ? frameOrigin : origin);
      if (!message || (fromGateway && message.type !== 'resize')) return;
      if (message.type === 'resize') {
        // Size only from our own frame: another widget's frame on the page must not resize this one.
        const el = frame.current;
        if (!el || event.source !== el.contentWindow) return;
        // the page's height is its content's; the frame's box (border-box) adds its own border around it
        const border = el.offsetHeight - el.clientHeight;
        const next = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(message.height) + border));
        if (next !== shown.current) changed.current = true;
        shown.current = next;
        setHeight(next);
      } else if (message.payment_id === paymentId) {
        onResultRef.current(paymentId);
      }
    };
    win.addEventListener('message', onMessage);
    return () => win.removeEventListener('message', onMessage);
  }, [origin, frameOrigin, paymentId]);

  return (
    <div class="ck-card">
      {/* above the frame: on a phone, the frame below fills the screen */}
      {lost && (
        <div class="ck-error-summary" role="alert">
          <p>{t('card.lost')}</p>
          <button type="button" class="ck-button" onClick={() => void reopen()}>
            {t('card.reopen')}
          </button>
        </div>
      )}
      <iframe
        ref={frame}
        class="ck-frame"
        src={src}
        title={t('card.frame_title')}
        sandbox="allow-scripts allow-forms allow-same-origin"
        referrerpolicy="origin"
        onLoad={onLoad}
        {...(height ? { height: String(height) } : {})}
      />
      <button type="button" class="ck-button ck-button-secondary" onClick={onBack}>
        {t('card.change_method')}
      </button>
    </div>
  );
}

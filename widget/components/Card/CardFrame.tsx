import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { WidgetMessage } from '../../../shared/contract/payment';
import { readWidgetMessage } from '../../core/readWidgetMessage';
import { useWidget } from '../internal/WidgetContext';

type ResultMessage = Extract<WidgetMessage, { type: 'result' }>;

export interface CardFrameProps {
  /** the backend's /pay/frame/<token> URL, which posts on to the gateway's hosted card page */
  url: string;
  /** the backend's origin: the only sender whose results count */
  origin: string;
  /** the gateway card page's origin (the payment answer's frame_origin): its height messages count too */
  frameOrigin?: string | undefined;
  paymentId: string;
  onResult: (message: ResultMessage) => void;
  onBack: () => void;
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
export function CardFrame({ url, origin, frameOrigin, paymentId, onResult, onBack }: CardFrameProps) {
  const { t } = useWidget();
  const frame = useRef<HTMLIFrameElement>(null);
  // none until the page says: the stylesheet's min(560px, 100vh) fits a phone without the Pay button scrolling
  const [height, setHeight] = useState<number>();
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

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
        setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(message.height) + border)));
      } else if (message.payment_id === paymentId) {
        onResultRef.current(message);
      }
    };
    win.addEventListener('message', onMessage);
    return () => win.removeEventListener('message', onMessage);
  }, [origin, frameOrigin, paymentId]);

  return (
    <div class="ck-card">
      <iframe
        ref={frame}
        class="ck-frame"
        src={url}
        title={t('card.frame_title')}
        sandbox="allow-scripts allow-forms allow-same-origin"
        referrerpolicy="origin"
        {...(height ? { height: String(height) } : {})}
      />
      <button type="button" class="ck-button ck-button-secondary" onClick={onBack}>
        {t('card.change_method')}
      </button>
    </div>
  );
}

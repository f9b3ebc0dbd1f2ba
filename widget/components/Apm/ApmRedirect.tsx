import { useEffect, useRef } from 'preact/hooks';
import { useWidget } from '../internal/WidgetContext';
import '../../i18n/registerAfterPayMessages';

export interface ApmRedirectProps {
  url: string;
  methodLabel: string;
}

/**
 * Shown while the page leaves for the APM issuer. The link is the way out when the automatic navigation is
 * blocked (a framed widget without user activation may not navigate the top page): a click is user activation.
 */
export function ApmRedirect({ url, methodLabel }: ApmRedirectProps) {
  const { t } = useWidget();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div class="ck-status" role="status">
      <div class="ck-spinner" aria-hidden="true" />
      <p ref={heading} tabIndex={-1}>
        {t('apm.redirecting', { method: methodLabel })}
      </p>
      <a class="ck-link" href={url} target="_top">
        {t('apm.continue', { method: methodLabel })}
      </a>
    </div>
  );
}

import type { MessageKey } from '../../i18n/en';
import { useWidget } from './WidgetContext';

export interface ErrorViewProps {
  messageKey: MessageKey;
  /** offered when trying again can help (network trouble), not for an expired or finished session */
  onRetry?: () => void;
  /** the shop's page to go back to (an expired session's `return_url`, an http(s) URL by the session's schema) */
  back?: string | undefined;
}

/** The checkout cannot be shown; role=alert so a screen reader says so at once. */
export function ErrorView({ messageKey, onRetry, back }: ErrorViewProps) {
  const { t } = useWidget();
  return (
    <div class="ck-status" data-outcome="failed" role="alert">
      <h2 class="ck-heading">{t('error.session')}</h2>
      {messageKey !== 'error.session' && <p>{t(messageKey)}</p>}
      {back && (
        <a class="ck-link" href={back} target="_top">
          {t('back_to_shop')}
        </a>
      )}
      {onRetry && (
        <button type="button" class="ck-button ck-button-secondary" onClick={onRetry}>
          {t('error.retry')}
        </button>
      )}
    </div>
  );
}

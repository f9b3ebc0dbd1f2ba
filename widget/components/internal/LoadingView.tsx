import { useWidget } from './WidgetContext';

export function LoadingView() {
  const { t } = useWidget();
  return (
    <div class="ck-status" role="status">
      <div class="ck-spinner" aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
}

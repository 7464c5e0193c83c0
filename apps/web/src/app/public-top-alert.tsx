import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupMessage } from '@fc/contract';
import { useAppConfig } from '@/lib/session/app-config';
import { Icon } from '@/components/public-icons';

/**
 * The top alert of the light public app: the same catalogue entry for MESSAGE as the portal's TopAlert
 * (APP-04, MSG-01), drawn without MUI. An error shows a warning icon in the negative colour.
 */
export function PublicTopAlert() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const [open, setOpen] = useState(true);
  const entry = lookupMessage(new URLSearchParams(window.location.search).get('MESSAGE'));
  if (!entry || !open) return null;
  const isError = entry.type === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      className={`pub-alert ${isError ? 'pub-alert-error' : 'pub-alert-info'}`}
      data-testid="top-alert"
    >
      <Icon name={isError ? 'warning' : 'info'} />
      <p>{t(entry.key, { phone: config?.support.phone ?? '', email: config?.support.email ?? '' })}</p>
      <button type="button" className="pub-icon-button" aria-label={t('actions.dismiss')} onClick={() => setOpen(false)}>
        <Icon name="close" />
      </button>
    </div>
  );
}

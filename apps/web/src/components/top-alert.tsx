import { useEffect, useRef, useState } from 'react';
import { Alert, Collapse } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useTranslation } from 'react-i18next';
import { useUrlSearchParams } from '@/lib/url-search';
import { lookupMessage } from '@fc/contract';
import { useAppConfig } from '@/lib/session/app-config';

/**
 * The top alert: text and type from the message catalogue for the MESSAGE query parameter. An error shows a
 * warning icon in the negative colour; any other type the info style. Unknown codes show nothing.
 */
export function TopAlert() {
  const [params] = useUrlSearchParams();
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const code = params.get('MESSAGE');
  const entry = lookupMessage(code);
  // Dismissal holds for this message only: a new MESSAGE (or the same one pushed again with a new id) shows
  // again, but paging or sorting a table under it (which changes the query string) does not bring it back.
  const message = `${code ?? ''}\u0000${params.get('id') ?? ''}`;
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const open = dismissedFor !== message;
  // A message that arrives while the page is scrolled (an upload's outcome) is brought into view.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !entry) return;
    const top = el.getBoundingClientRect().top;
    // 64: the height of a fixed app bar, which covers what is under it.
    if (window.scrollY > 0 && (top < 64 || top > window.innerHeight)) el.scrollIntoView({ block: 'start' });
  }, [message, entry]);
  if (!entry) return null;
  const isError = entry.type === 'error';
  return (
    <Collapse in={open}>
      <Alert
        ref={ref}
        role={isError ? 'alert' : 'status'}
        severity={isError ? 'error' : 'info'}
        icon={isError ? <WarningAmberIcon fontSize="inherit" /> : <InfoOutlinedIcon fontSize="inherit" />}
        onClose={() => setDismissedFor(message)}
        slotProps={{ closeButton: { 'aria-label': t('actions.dismiss') } }}
        sx={{ borderRadius: 0, scrollMarginTop: { xs: 56, sm: 64 } }}
        data-testid="top-alert"
      >
        {t(entry.key, { phone: config?.support.phone ?? '', email: config?.support.email ?? '' })}
      </Alert>
    </Collapse>
  );
}

import { useSyncExternalStore, type ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import i18n from '@/lib/i18n';

/** The dayjs locale of an app language (month and day names, first day of the week); en for any other. */
export function dayjsLocale(language: string): 'en' | 'es' | 'fr' {
  return language === 'es' || language === 'fr' ? language : 'en';
}

function subscribe(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
const currentLanguage = () => i18n.language;

/**
 * The Date Pickers' adapter in the interface language: calendars name months and days in it ("novembre 2026",
 * "noviembre de 2026"); the pickers' own texts come with the theme (app/theme.ts). Dates are still typed and
 * shown MM/DD/YYYY in every language (decision 0400).
 */
export function PickersLocalization({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocale(language)}>
      {children}
    </LocalizationProvider>
  );
}

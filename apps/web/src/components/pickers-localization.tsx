import { useSyncExternalStore, type ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES, frFR } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import i18n from '@/lib/i18n';
import { widgetTexts } from '@/lib/widget-texts';

/** The dayjs locale of an app language (month and day names, first day of the week); en for any other. */
export function dayjsLocale(language: string): 'en' | 'es' | 'fr' {
  return language === 'es' || language === 'fr' ? language : 'en';
}

const textsOf = (pack: typeof enUS) => pack.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The Date Pickers' own texts (calendar navigation, field placeholders) in an app language. Here with the
 * pickers, not in the portal's theme, where every page of the portal loaded them (issue 22).
 */
export const pickersTexts = widgetTexts({ 'en-us': textsOf(enUS), es: textsOf(esES), fr: textsOf(frFR) });

function subscribe(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
const currentLanguage = () => i18n.language;

/**
 * The Date Pickers' adapter and texts in the interface language: calendars name months and days in it
 * ("novembre 2026", "noviembre de 2026") and label their buttons in it ("Mois précédent"). Dates are still
 * typed and shown MM/DD/YYYY in every language (decision 0400).
 */
export function PickersLocalization({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocale(language)} localeText={pickersTexts(language)}>
      {children}
    </LocalizationProvider>
  );
}

import { useSyncExternalStore, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import i18n from '@/lib/i18n';
import { themeFor } from './theme';

function subscribe(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
const currentLanguage = () => i18n.language;

/**
 * MUI's theme in the interface language: the widget texts of MUI core follow the language switch at once
 * (issue 20); the Data Grid and the Date Pickers take theirs from their own components (issue 22). Reads
 * i18next directly, so it never suspends.
 */
export function LocalizedThemeProvider({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  return <ThemeProvider theme={themeFor(language)}>{children}</ThemeProvider>;
}

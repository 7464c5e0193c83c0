import { createTheme, type Theme } from '@mui/material/styles';
import { enUS as coreEnUS, esES as coreEsES, frFR as coreFrFR } from '@mui/material/locale';
import { pseudoPack } from '@/lib/widget-texts';

/** Navy and signal orange; text colours keep a 4.5:1 contrast (axe-core). */
const options = {
  palette: {
    primary: { main: '#0b2545', contrastText: '#ffffff' },
    secondary: { main: '#b35300', contrastText: '#ffffff' },
    error: { main: '#b00020' },
    success: { main: '#1b5e20' },
    info: { main: '#0b5394' },
    background: { default: '#ffffff' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.4rem', fontWeight: 700 },
    h3: { fontSize: '1.15rem', fontWeight: 700 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // On a phone a dialog gives its fields the screen's width (16 px margins, not 32; 16 px padding, not 24):
    // a Spanish or French field label fits whole at 360 px ("Número de pieza personalizado", issue 20).
    MuiDialog: {
      styleOverrides: {
        paper: { '@media (max-width: 599.95px)': { margin: 16, maxWidth: 'calc(100% - 32px)' } },
        paperFullWidth: { '@media (max-width: 599.95px)': { width: 'calc(100% - 32px)' } },
      },
    },
    MuiDialogContent: { styleOverrides: { root: { '@media (max-width: 599.95px)': { padding: '16px' } } } },
    MuiDialogTitle: { styleOverrides: { root: { '@media (max-width: 599.95px)': { padding: '16px' } } } },
    MuiDialogActions: { styleOverrides: { root: { '@media (max-width: 599.95px)': { padding: '8px 16px 16px' } } } },
  },
} as const;

/**
 * The built-in texts of MUI core (pagination, "Close"...) in each app language (issue 20). The pseudo-locale
 * gets the English texts pseudo-localised, so a widget text left untranslated shows up in it like any other.
 * The Data Grid's and the Date Pickers' texts come with those components (components/table/grid-texts.ts,
 * components/pickers-localization.tsx), so that a page without a grid or a picker does not load them.
 */
const PACKS = {
  'en-us': [coreEnUS],
  es: [coreEsES],
  fr: [coreFrFR],
} as const;

const PSEUDO_LANGUAGE = 'en-xa';

/**
 * MUI core's English texts, written out: its en-us pack is empty (the components hold them), so there would
 * be nothing to pseudo-localise.
 */
const CORE_ENGLISH = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Show path' } },
    MuiTablePagination: {
      defaultProps: {
        labelRowsPerPage: 'Rows per page:',
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          `${from}–${to} of ${count !== -1 ? count : `more than ${to}`}`,
        getItemAriaLabel: (type: string) => `Go to ${type} page`,
      },
    },
    MuiAutocomplete: {
      defaultProps: { clearText: 'Clear', closeText: 'Close', loadingText: 'Loading…', noOptionsText: 'No options', openText: 'Open' },
    },
    MuiAlert: { defaultProps: { closeText: 'Close' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': 'pagination navigation',
        getItemAriaLabel: (type: string, page: number, selected: boolean) =>
          type === 'page' ? `${selected ? '' : 'Go to '}page ${page}` : `Go to ${type} page`,
      },
    },
  },
};

const themes = new Map<string, Theme>();

/** The theme of an app language: the same look, with the widget texts of that language. Built once each. */
export function themeFor(language: string): Theme {
  const key = language === PSEUDO_LANGUAGE ? PSEUDO_LANGUAGE : language in PACKS ? (language as keyof typeof PACKS) : 'en-us';
  let theme = themes.get(key);
  if (!theme) {
    const packs = key === PSEUDO_LANGUAGE ? [pseudoPack(CORE_ENGLISH)] : PACKS[key];
    theme = createTheme(options, ...packs);
    themes.set(key, theme);
  }
  return theme;
}

/** The en-us theme (for code that does not follow the language, such as tests of the look). */
export const theme = themeFor('en-us');

import { createTheme } from '@mui/material/styles';

/** Navy and signal orange; text colours keep a 4.5:1 contrast (axe-core). */
export const theme = createTheme({
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
  },
});

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';

type Severity = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  severity: Severity;
  text: string;
}
interface ErrorList {
  title: string;
  lines: string[];
}
export interface ToastApi {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  warning(text: string): void;
  /** Many errors of one action (a bulk import's rows): shown together in a dialog the user can copy from. */
  errors(title: string, lines: string[]): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts are centred and stay 8 s, info 2 s (UI-04). Only the latest outcome shows: a new toast
 * replaces the one on screen at once rather than waiting behind it, so nothing stale is left saying what is no
 * longer true, and many errors of one action are one dialog, not a toast each (docs/decisions/0330).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Toast | null>(null);
  const [list, setList] = useState<ErrorList | null>(null);
  const [copied, setCopied] = useState(false);
  const push = useCallback((severity: Severity, text: string) => setCurrent({ id: Date.now() + Math.random(), severity, text }), []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (text) => push('success', text),
      error: (text) => push('error', text),
      info: (text) => push('info', text),
      warning: (text) => push('warning', text),
      errors: (title, lines) => {
        setCurrent(null);
        setCopied(false);
        setList({ title, lines });
      },
    }),
    [push],
  );
  const close = () => setCurrent(null);
  const copy = () => {
    if (!list) return;
    void navigator.clipboard?.writeText([list.title, ...list.lines].join('\n')).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={!!current}
        autoHideDuration={current?.severity === 'info' ? 2000 : 8000}
        onClose={(_e, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        {current ? (
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={close}
            role={current.severity === 'error' ? 'alert' : 'status'}
            data-testid="toast"
          >
            {current.text}
          </Alert>
        ) : undefined}
      </Snackbar>
      <Dialog
        open={!!list}
        onClose={() => setList(null)}
        aria-labelledby="error-list-title"
        fullWidth
        maxWidth="sm"
        data-testid="error-list"
      >
        <DialogTitle id="error-list-title">{list?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">
            <p style={{ marginTop: 0 }}>{t('feedback.error-count', { count: list?.lines.length ?? 0 })}</p>
            <ul style={{ margin: 0, paddingLeft: 20, userSelect: 'text' }}>
              {list?.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </DialogContentText>
          <span role="status" style={{ display: 'block', minHeight: '1.5em', marginTop: 8 }}>
            {copied ? t('feedback.copied') : ''}
          </span>
        </DialogContent>
        <DialogActions>
          <Button onClick={copy}>{t('feedback.copy')}</Button>
          <Button variant="contained" onClick={() => setList(null)} autoFocus>
            {t('actions.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}

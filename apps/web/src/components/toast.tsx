import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Snackbar } from '@mui/material';

type Severity = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  severity: Severity;
  text: string;
}
export interface ToastApi {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  warning(text: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Toasts are centred and stay 8 s, info 2 s (document 3 section 9). Several queue one after another. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const push = useCallback(
    (severity: Severity, text: string) => setQueue((q) => [...q, { id: Date.now() + Math.random(), severity, text }]),
    [],
  );
  const api = useMemo<ToastApi>(
    () => ({
      success: (t) => push('success', t),
      error: (t) => push('error', t),
      info: (t) => push('info', t),
      warning: (t) => push('warning', t),
    }),
    [push],
  );
  const current = queue[0];
  const close = () => setQueue((q) => q.slice(1));
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
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}

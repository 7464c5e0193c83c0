import { useId, useRef, useState } from 'react';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { checkCsvFile, CSV_UPLOAD_LIMITS, FileErrorCode } from '@fc/contract/files';
import { ApiError, upload, type ApiResponse } from '@/lib/api-client';
import { uploadRefusalText } from '@/lib/i18n';

export interface CsvUploadButtonProps<T> {
  /** The endpoint the file is posted to (multipart). */
  path: string;
  /** The multipart field of the file (default `file`). */
  fieldName?: string;
  /** Text fields sent with the file. */
  fields?: Record<string, string | number | undefined>;
  maxBytes?: number;
  disabled?: boolean;
  /** Text of the select button (default: "Select file"). */
  label?: string;
  /** Called with the server's answer once the file is accepted. */
  onUploaded?: (response: ApiResponse<T>, file: File) => void;
  /** Called when the file is refused (before sending or by the server) or the upload fails. */
  onError?: (error: ApiError, file: File | undefined) => void;
}

const KNOWN_CODES = new Set<string>(Object.values(FileErrorCode));

/**
 * A CSV-only uploader: a select-file button that sends the chosen file at once, a progress bar while
 * it is sent, and a clear button. The file is checked in the browser with the contract's limits
 * first (type, empty, size); the server checks it again, with rows and encoding.
 */
export function CsvUploadButton<T = Record<string, unknown>>({
  path,
  fieldName = 'file',
  fields,
  maxBytes = CSV_UPLOAD_LIMITS.maxBytes,
  disabled,
  label,
  onUploaded,
  onError,
}: CsvUploadButtonProps<T>) {
  const { t } = useTranslation('common');
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sending = progress !== null;

  const fail = (err: ApiError, chosen: File | undefined) => {
    // A refusal of the server names its limit and line in meta (decision 0410).
    setError(
      err.code && KNOWN_CODES.has(err.code) ? (uploadRefusalText(err.code, err.errors[0]?.meta) ?? t(`upload.errors.${err.code}`)) : null,
    );
    onError?.(err, chosen);
  };

  const send = async (chosen: File) => {
    setFile(chosen);
    setError(null);
    const refused = checkCsvFile(chosen, maxBytes);
    if (refused) {
      fail(
        new ApiError(refused === FileErrorCode.Type ? 415 : 400, [{ status: '400', code: refused, title: t(`upload.errors.${refused}`) }]),
        chosen,
      );
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(fields ?? {})) if (v !== undefined && v !== '') form.append(k, String(v));
    form.append(fieldName, chosen, chosen.name);
    setProgress(0);
    try {
      const res = await upload<T>(path, form, (f) => setProgress(Math.round(f * 100)));
      onUploaded?.(res, chosen);
    } catch (err) {
      fail(err instanceof ApiError ? err : new ApiError(0, [{ status: '0', code: 'network', title: String(err) }]), chosen);
    } finally {
      setProgress(null);
    }
  };

  const clear = () => {
    setFile(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <input
          ref={inputRef}
          type="file"
          name={fieldName}
          accept=".csv,text/csv"
          hidden
          tabIndex={-1}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) void send(chosen);
          }}
        />
        <Button variant="contained" onClick={() => inputRef.current?.click()} disabled={disabled || sending} aria-describedby={statusId}>
          {label ?? t('upload.select')}
        </Button>
        <Button variant="outlined" onClick={clear} disabled={sending || (!file && !error)}>
          {t('upload.clear')}
        </Button>
        <Typography id={statusId} variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file ? t('upload.chosen', { name: file.name }) : t('upload.none')}
        </Typography>
      </Stack>
      {sending && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={t('upload.sending', { name: file?.name ?? '' })} />
        </Box>
      )}
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast';
import { copyText, saveTextFile } from '../copy-text';

/**
 * The ten recovery codes of a second factor, shown once (issue 19): copied, saved as a text file, and put away
 * by the user before going on (the server keeps only their hashes).
 */
export function RecoveryCodes({
  codes,
  username,
  onDone,
  headingLevel = 'h2',
}: {
  codes: string[];
  username: string;
  onDone: () => void;
  /** The level of the codes' heading under the page's own headings. */
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  // The codes replace the form that asked for them: the focus goes to their heading, where reading starts.
  useEffect(() => heading.current?.focus(), []);
  const text = codes.join('\n');
  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Typography variant="h2" component={headingLevel} sx={{ fontSize: '1.25rem' }} tabIndex={-1} ref={heading}>
        {t('second-factor.codes-heading')}
      </Typography>
      <Alert severity="warning">{t('second-factor.codes-once')}</Alert>
      <Box
        component="ol"
        aria-label={t('second-factor.codes-heading')}
        sx={{
          m: 0,
          pl: 4,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            void copyText(text).then((ok) => (ok ? toast.info(t('second-factor.copied')) : toast.error(t('second-factor.copy-failed'))))
          }
        >
          {t('second-factor.copy-codes')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            saveTextFile(`recovery-codes-${username}.txt`, `${t('second-factor.codes-file-title', { username })}\n\n${text}\n`)
          }
        >
          {t('second-factor.download-codes')}
        </Button>
      </Stack>
      <Box>
        <Button variant="contained" onClick={onDone}>
          {t('second-factor.codes-saved')}
        </Button>
      </Box>
    </Stack>
  );
}

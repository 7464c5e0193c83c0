import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast';
import { download } from '@/lib/api-client';

/**
 * Exports a server-paged grid as CSV (a GET the server writes, formula cells escaped): the list's query
 * (filters, search, sort) without its paging, so the file holds every matching row.
 */
export function ExportCsvButton({ path, fileName, query }: { path: string; fileName: () => string; query: URLSearchParams }) {
  const { t } = useTranslation('common');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    const q = new URLSearchParams(query);
    q.delete('page[number]');
    q.delete('page[size]');
    setBusy(true);
    try {
      await download(path, fileName(), { query: q });
    } catch {
      toast.error(t('table-export.error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void onExport()} disabled={busy}>
      {t('table-export.button')}
    </Button>
  );
}

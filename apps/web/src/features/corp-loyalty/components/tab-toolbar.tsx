import { Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { formatSort } from '@fc/contract';
import { SearchField } from '@/components/search-field';
import type { TableState } from '@/components/table/table-state';
import { exportLoyaltyCsv, type LoyaltyExportKind } from '../api/export-loyalty-csv';
import { useCsvExport } from './use-csv-export';

interface TabToolbarProps {
  /** Which list the CSV export writes: the rows the tab's search and sort show. */
  kind: LoyaltyExportKind;
  state: TableState;
  onSearch(search: string): void;
  searchLabel: string;
  addLabel: string;
  /** Absent for a user who may not modify: no Add button then. */
  onAdd?: () => void;
}

/** The bar above a loyalty tab's table: its search, the CSV export of what it shows, and Add. */
export function TabToolbar({ kind, state, onSearch, searchLabel, addLabel, onAdd }: TabToolbarProps) {
  const { t } = useTranslation('corp-loyalty');
  const csv = useCsvExport();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <SearchField value={state.search} label={searchLabel} onSearch={onSearch} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={csv.busy}
          onClick={() => void csv.run(() => exportLoyaltyCsv(kind, { search: state.search, sort: formatSort(state.sort) }))}
        >
          {t('export-csv')}
        </Button>
        {onAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

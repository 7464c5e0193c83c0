import { startTransition, useCallback } from 'react';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fc/contract';
import { gridTexts } from './grid-texts';
import type { ServerDataGridProps } from './server-data-grid';
import type { TableState } from './table-state';

type ViewProps = Pick<ServerDataGridProps<GridValidRowModel>, 'state' | 'onStateChange' | 'total' | 'totalEstimated' | 'error'>;

/**
 * What the light table and the DataGrid say and do alike, so that the one replaces the other unnoticed
 * (decision 0610): the text of an empty or failed table, the "1–25 of 300" of the pagination, the Data
 * Grid's texts in the language, and a change of page, size or sort.
 */
export function useServerTableView({ state, onStateChange, total, totalEstimated, error }: ViewProps) {
  const { t, i18n } = useTranslation();
  // A sort or page click only starts the change: the new URL, the request and the table's re-render are a
  // transition, so the click's own frame (what INP measures) paints first.
  const change = useCallback((next: Partial<TableState>) => startTransition(() => onStateChange(next)), [onStateChange]);
  const filtered = !!state.search || Object.keys(state.filters).length > 0;
  const lang = i18n.language;
  const gridText = gridTexts(lang);
  const displayedRows = useCallback(
    ({ from, to, count }: { from: number; to: number; count: number }) =>
      t(totalEstimated ? 'table.displayed-rows-about' : 'table.displayed-rows', {
        from: formatNumber(from, lang),
        to: formatNumber(to, lang),
        count: formatNumber(count, lang),
      }),
    [t, lang, totalEstimated],
  );
  const emptyText = error ? t('feedback.load-failed') : filtered ? t('table.no-relevant-data') : t('table.no-data');
  return { t, gridText, change, paged: total > 5, displayedRows, emptyText };
}

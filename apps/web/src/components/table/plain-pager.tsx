import { useTranslation } from 'react-i18next';
import { formatNumber, PAGE_SIZE_OPTIONS } from '@fc/contract';
import type { TableState } from './table-state';

const arrow = (d: string) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} fill="currentColor" />
  </svg>
);

/**
 * The pagination bar of a list's first frame (decision 0640), without MUI: the texts, page-size choice and
 * previous/next buttons of the grid's own bar, on the same table state.
 */
export function PlainPager({
  total,
  estimated,
  state,
  onChange,
}: {
  total: number;
  estimated?: boolean;
  state: Pick<TableState, 'page' | 'size'>;
  onChange(change: Partial<TableState>): void;
}) {
  const { t, i18n } = useTranslation();
  const lastPage = Math.max(1, Math.ceil(total / state.size));
  const page = Math.min(state.page, lastPage);
  const from = total === 0 ? 0 : (page - 1) * state.size + 1;
  const to = Math.min(total, page * state.size);
  const lang = i18n.language;
  return (
    <div className="lt-footer">
      <div className="pp-bar">
        {total > 5 && (
          <label className="pp-size">
            <span>{t('table.rows-per-page')}</span>
            <select value={state.size} onChange={(e) => onChange({ size: Number(e.target.value) })}>
              {PAGE_SIZE_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <p>
          {t(estimated ? 'table.displayed-rows-about' : 'table.displayed-rows', {
            from: formatNumber(from, lang),
            to: formatNumber(to, lang),
            count: formatNumber(total, lang),
          })}
        </p>
        <button type="button" aria-label={t('table.previous-page')} disabled={page <= 1} onClick={() => onChange({ page: page - 1 })}>
          {arrow('M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z')}
        </button>
        <button type="button" aria-label={t('table.next-page')} disabled={page >= lastPage} onClick={() => onChange({ page: page + 1 })}>
          {arrow('M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z')}
        </button>
      </div>
    </div>
  );
}

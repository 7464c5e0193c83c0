import { enUS, esES, frFR } from '@mui/x-data-grid/locales';
import { widgetTexts } from '@/lib/widget-texts';

const textsOf = (pack: typeof enUS) => pack.components.MuiDataGrid.defaultProps.localeText;

/**
 * The Data Grid's own texts (column menu, filters, pagination) in an app language, for the grid and for the
 * light table that stands in for it. Here with the tables, not in the portal's theme, where every page of
 * the portal loaded them, the terms page too (issue 22).
 */
export const gridTexts = widgetTexts({ 'en-us': textsOf(enUS), es: textsOf(esES), fr: textsOf(frFR) });

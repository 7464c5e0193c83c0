import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PickersLocalization } from '@/components/pickers-localization';
import { DataGridTable } from '@/components/table/data-grid-table';
import { i18nReady, switchLanguage } from '@/lib/i18n';
import { LocalizedThemeProvider } from './localized-theme';
import { themeFor } from './theme';

beforeEach(async () => {
  await i18nReady;
});
afterEach(async () => {
  await switchLanguage('en-us');
});

/** The portal's grid (DataGridTable, as ServerDataGrid loads it) under the portal's theme. */
function Grid() {
  return (
    <LocalizedThemeProvider>
      <div style={{ width: 600 }}>
        <DataGridTable
          label="grid"
          columns={[{ field: 'name', headerName: 'Name', width: 200 }]}
          rows={[{ id: 1, name: 'Acme' }]}
          total={30}
          state={{ page: 1, size: 25, sort: [], search: '', filters: {} }}
          onStateChange={() => {}}
          disableVirtualization
        />
      </div>
    </LocalizedThemeProvider>
  );
}

/** Opens the column menu of the Name column by its label (in the language) and returns its menu items' texts. */
async function columnMenuItems(menuLabel: string) {
  const user = userEvent.setup();
  const header = screen.getByRole('columnheader', { name: /Name/ });
  const button = header.querySelector<HTMLButtonElement>('button.MuiDataGrid-menuIconButton');
  expect(button?.getAttribute('aria-label')).toBe(menuLabel);
  await user.click(button!);
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((m) => m.textContent);
}

// Several grid renders and menus per test: on a busy 2-core machine one takes over 30 s.
describe('widget texts follow the interface language (issue 20)', { timeout: 120_000 }, () => {
  it("the theme holds MUI core's texts only: the grid's and the pickers' come with their components (issue 22)", () => {
    for (const lang of ['en-us', 'es', 'fr', 'en-xa']) {
      const components = themeFor(lang).components ?? {};
      expect(components).not.toHaveProperty('MuiDataGrid');
      expect(components).not.toHaveProperty('MuiLocalizationProvider');
    }
    expect(themeFor('fr').components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Lignes par page :');
  });

  it('the data grid column menu is in French, then Spanish, switched at run time', async () => {
    await switchLanguage('fr');
    const { unmount } = render(<Grid />);
    expect(await columnMenuItems('Menu pour la colonne Name')).toEqual(
      expect.arrayContaining(['Tri ascendant', 'Tri descendant', 'Masquer', 'Gérer les colonnes']),
    );
    unmount();

    await switchLanguage('es');
    render(<Grid />);
    const items = await columnMenuItems('Menú de la columna Name');
    expect(items).toEqual(expect.arrayContaining(['Ordenar ASC', 'Ordenar DESC', 'Ocultar', 'Administrar columnas']));
    expect(items).not.toContain('Sort by DESC');
  });

  it('an open grid changes language with the switch, and en-us keeps the English texts', async () => {
    render(<Grid />);
    expect(await columnMenuItems('Name column menu')).toEqual(
      expect.arrayContaining(['Sort by ASC', 'Sort by DESC', 'Hide column', 'Manage columns']),
    );
    await userEvent.keyboard('{Escape}');
    await act(() => switchLanguage('fr'));
    expect(await columnMenuItems('Menu pour la colonne Name')).toEqual(expect.arrayContaining(['Tri descendant', 'Gérer les colonnes']));
  });

  it("the portal's grid keeps the language pack under its own texts (pagination, no data)", async () => {
    await switchLanguage('fr');
    render(
      <LocalizedThemeProvider>
        <DataGridTable
          label="grid"
          columns={[{ field: 'name', headerName: 'Name', width: 200 }]}
          rows={Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Acme ${i + 1}` }))}
          total={1234}
          state={{ page: 1, size: 25, sort: [], search: '', filters: {} }}
          onStateChange={() => {}}
        />
      </LocalizedThemeProvider>,
    );
    expect(await columnMenuItems('Menu pour la colonne Name')).toEqual(expect.arrayContaining(['Tri descendant', 'Gérer les colonnes']));
    // The grid's own texts, numbers through the formatting layer: 1 234 grouped the French way.
    expect(screen.getByText(/^1–25 sur 1[\u00a0\u202f ]234$/)).toBeInTheDocument();
  });

  it.each([
    ['fr', 'novembre 2026', 'Mois précédent', ['lundi', 'dimanche']],
    ['es', 'noviembre 2026', 'Mes anterior', ['lunes', 'domingo']],
    ['en-us', 'November 2026', 'Previous month', ['Sunday', 'Monday']],
  ] as const)('the calendar names months and days, and labels its buttons, in %s', async (lang, month, previous, days) => {
    await switchLanguage(lang);
    render(
      <LocalizedThemeProvider>
        <PickersLocalization>
          <DateCalendar referenceDate={dayjs('2026-11-15')} />
        </PickersLocalization>
      </LocalizedThemeProvider>,
    );
    expect(await screen.findByText(month)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: previous })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.getAttribute('aria-label'));
    for (const d of days) expect(headers).toContain(d);
    // French and Spanish weeks start on Monday, the US week on Sunday.
    expect(headers[0]).toBe(days[0]);
  });
});

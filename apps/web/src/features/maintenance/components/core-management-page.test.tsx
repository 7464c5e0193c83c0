import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { fakeUploads } from '../../../../test/fake-uploads';
import { freshBrowserPerTest } from '../../../../test/fresh-browser';
import { mockApi } from '../../../../test/api-mock';
import { renderPage, testUser } from '../../../../test/render';
import CoreManagementPage from './core-management-page';

// A shared, busy machine: the page waits 5 s before it sends the file, then polls every second.
const WAIT = { timeout: 20_000 };

/** Every upload is accepted as job `job-1`. */
const accepted = () => ({
  status: 202,
  body: { data: [{ type: 'core-uploads', id: '7', attributes: { status: 'success', 'job-id': 'job-1', sequence: 7 } }] },
});

const finished = (over: Record<string, unknown>) => ({
  data: [
    {
      type: 'core-uploads',
      id: '7',
      attributes: {
        state: 'done',
        'os-return-code': 0,
        'unit-status': 1,
        message: '4 of 5 rows rejected, 1 applied (coreless); the report lists each problem.',
        'message-code': 'core-rejected',
        'message-values': { rejected: 4, total: 5, applied: 1, type: 'coreless' },
        'rows-done': 5,
        'rows-total': 5,
        'has-report': true,
        'file-name': 'rowerrs.csv',
        ...over,
      },
    },
  ],
});

freshBrowserPerTest();
beforeEach(() => {
  fakeUploads(accepted);
});

async function uploadIn(language: 'es' | 'fr', status: unknown) {
  await switchLanguage(language);
  mockApi({
    'GET /fc-common-api/fc-core-maintainance': { body: { data: [], meta: { record_count: 0 } } },
    'GET /fc-common-api/parts/core-management/status': { body: status },
  });
  renderPage(<CoreManagementPage />, {
    url: '/corp/core-management',
    user: testUser({ accountType: 0, grantedTasks: [505, 506], custNo: null, language: language === 'es' ? 1 : 2 }),
  });
  const input = await screen.findByTestId('core-file-input', {}, WAIT);
  fireEvent.change(input, { target: { files: [new File(['cust_no,part_no,effective_date\n'], 'rowerrs.csv', { type: 'text/csv' })] } });
  return screen.findByTestId('core-upload-status', {}, WAIT);
}

describe('the core upload’s outcome in the reader’s language, from its code (decision 0410)', { timeout: 40_000 }, () => {
  it('Spanish: rows rejected, with the file type translated, not the server’s English sentence', async () => {
    const alert = await uploadIn('es', finished({}));
    await vi.waitFor(
      () =>
        expect(alert.textContent).toContain(
          'rowerrs.csv: 4 de 5 filas rechazadas; aplicadas: 1 (Sin casco); el informe detalla cada problema.',
        ),
      WAIT,
    );
    expect(alert.textContent).not.toMatch(/rows rejected/);
  });

  it('French: a file that failed as a whole says why (missing columns), not in English', async () => {
    const alert = await uploadIn(
      'fr',
      finished({
        'os-return-code': 1,
        message: 'The header row must name the columns cust_no, part_no, effective_date; missing: part_no.',
        'message-code': 'csv-missing-columns',
        'message-values': { required: 'cust_no, part_no, effective_date', missing: 'part_no' },
      }),
    );
    await vi.waitFor(
      () =>
        expect(alert.textContent).toContain(
          'rowerrs.csv : La ligne d’en-tête doit nommer les colonnes cust_no, part_no, effective_date ; manquantes : part_no.',
        ),
      WAIT,
    );
  });
});

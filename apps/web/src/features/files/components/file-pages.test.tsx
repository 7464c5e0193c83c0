import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserDoc, mockApi } from '../../../../test/api-mock';
import { fakeUploads } from '../../../../test/fake-uploads';
import { freshBrowserPerTest } from '../../../../test/fresh-browser';
import FileStatusPage from './file-status-page';
import PriceReportPage from './price-report-page';
import { renderWithToasts } from '../../../../test/render';

freshBrowserPerTest();

const dealer = (language: number) =>
  currentUserDoc({ username: 'dave', 'account-type': 1, 'granted-tasks': [], 'cust-no': null, 'merchant-no': 1001, language });
const corporate = (language: number) =>
  currentUserDoc({ username: 'cora', 'account-type': 0, 'granted-tasks': [502, 506, 507, 509], 'cust-no': null, language });

/** One processing date of the file-status list and its units. */
const fileStatusDay = (date: string, units: unknown[]) => ({ type: 'file-status', id: date, attributes: { date, units } });

const priceFile = (seq: number, status: number, over: Record<string, unknown> = {}) => ({
  type: 'price-files',
  id: String(seq),
  attributes: {
    'entry-date': '2026-11-20T10:00:00.000Z',
    sequence: seq,
    status,
    'file-name': `prices-${seq}.csv`,
    'merchant-no': 1001,
    message: null,
    'message-code': null,
    'message-values': null,
    'rows-done': 0,
    'rows-total': null,
    ...over,
  },
});

const chooseFile = (name = 'prices.csv') => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['part_no,price\nA,1\n'], name, { type: 'text/csv' })] } });
};

describe('file messages in the reader’s language (codes with values from the server)', () => {
  it('the file-status page shows each unit’s message translated, the rejected purchases too, and a sentence without a code as sent', async () => {
    mockApi({
      'GET /fc-common-api/users/current': { body: corporate(1) },
      'GET /fc-common-api/file-status': {
        body: {
          data: [
            fileStatusDay('2026-11-20', [
              {
                seq: 1,
                name: 'prices.csv',
                kind: 'price',
                status: 0,
                'status-msg': '1,200 of 1,500 prices accepted ...',
                'status-msg-code': 'price-applied',
                'status-msg-values': { accepted: 1200, total: 1500, changed: 3, above: 100, unknown: 150, invalid: 50 },
                'finished-at': null,
              },
              {
                seq: 2,
                name: 'daily.csv',
                kind: 'transactions',
                status: 0,
                'status-msg': '1 purchases added ...',
                'status-msg-code': 'transactions-summary',
                'status-msg-values': {
                  added: 1,
                  held: 0,
                  rejected: 6,
                  rejects: [
                    { code: 'unknown-customer', values: { custNo: 99999 }, line: 2 },
                    { code: 'currency-invalid', line: 5 },
                  ],
                },
                'finished-at': null,
              },
              {
                seq: 3,
                name: 'codes.csv',
                kind: 'item-codes',
                status: 2,
                'status-msg': 'Nothing new',
                'status-msg-code': null,
                'status-msg-values': null,
                'finished-at': null,
              },
            ]),
          ],
        },
      },
    });
    renderWithToasts(<FileStatusPage />);
    expect(
      await screen.findByText(
        'Precios aceptados: 1200 de 1500 (3 nuevos o modificados); por encima del precio del programa: 100; refacciones desconocidas: 150; filas no válidas: 50.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Compras agregadas: 1; ya registradas: 0; rechazadas: 6. Línea 2: cliente desconocido 99999; Línea 5: currency debe ser USD o CAD; …',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing new')).toBeInTheDocument();
  });

  it('core uploads and item-code imports show their outcome in French, with the rows refused (decision 0410)', async () => {
    const unit = (seq: number, kind: string, code: string, values: Record<string, unknown>) => ({
      seq,
      name: `${kind}-${seq}.csv`,
      kind,
      status: 1,
      'status-msg': 'English sentence for other clients',
      'status-msg-code': code,
      'status-msg-values': values,
      'finished-at': null,
    });
    mockApi({
      'GET /fc-common-api/users/current': { body: corporate(2) },
      'GET /fc-common-api/file-status': {
        body: {
          data: [
            fileStatusDay('2026-11-20', [
              unit(1, 'core', 'core-rejected', { rejected: 4, total: 5, applied: 1, type: 'coreless' }),
              unit(2, 'item-codes', 'item-codes-refused', {
                refused: 1,
                bundle: 'Filtres',
                rejects: [{ code: 'bundle-code-repeated', values: { value: '00002', first: 3 }, line: 4 }],
              }),
            ]),
          ],
        },
      },
    });
    renderWithToasts(<FileStatusPage />);
    expect(
      await screen.findByText(
        '4 lignes refusées sur 5 ; appliquées : 1 (Sans carcasse) ; le rapport détaille chaque problème.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '1 ligne refusée ; rien n’a été importé dans le lot Filtres. Ligne 4 : code d’article en double (aussi à la ligne 3) : 00002',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/English sentence/)).not.toBeInTheDocument();
  });

  it('a failed price file shows why in the session language (French)', async () => {
    mockApi({
      'GET /fc-common-api/users/current': { body: dealer(2) },
      'GET /fc-common-api/mpp/index': {
        body: {
          data: [
            priceFile(7, 13, {
              message: 'The header row must name the columns part_no, price; missing: price.',
              'message-code': 'csv-missing-columns',
              'message-values': { required: 'part_no, price', missing: 'price' },
            }),
          ],
        },
      },
    });
    renderWithToasts(<PriceReportPage />);
    expect(
      await screen.findByText('La ligne d’en-tête doit nommer les colonnes part_no, price ; manquantes : price.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Erreur')).toBeInTheDocument();
  });

  it.each([
    ['required', 'Escriba el número de comerciante del distribuidor antes de elegir el archivo.'],
    ['209', 'No tiene los privilegios necesarios.'],
    ['unknown-merchant', 'Ningún distribuidor tiene este número de comerciante. Revise el número e inténtelo de nuevo.'],
    ['something-new', 'Es posible que algunos archivos no se hayan cargado. Inténtelo de nuevo.'],
  ])('an upload refused with code %s shows a translated text, not the server’s English detail', async (code, text) => {
    mockApi({
      'GET /fc-common-api/users/current': { body: corporate(1) },
      'GET /fc-common-api/mpp/index': { body: { data: [] } },
    });
    fakeUploads(() => ({
      status: 400,
      body: { errors: [{ status: '400', code, title: 'Bad', detail: 'English detail from the server' }] },
    }));
    renderWithToasts(<PriceReportPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: /de comerciante/ }, { timeout: 15_000 }), {
      target: { value: '1001' },
    });
    await act(async () => chooseFile());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('English detail from the server')).not.toBeInTheDocument();
  });
});

describe('a file refused at upload (decision 0091)', () => {
  it('says why beside the uploader and shows in the list as a failed file with the reason, both translated', async () => {
    let refused = false;
    mockApi({
      'GET /fc-common-api/users/current': { body: dealer(1) },
      'GET /fc-common-api/mpp/index': () => ({
        body: {
          data: refused
            ? [
                priceFile(11, 13, {
                  message: 'The file was refused at upload: The file is larger than 20 MB.',
                  'message-code': 'upload-refused',
                  'message-values': { reason: 'file-too-large', detail: 'The file is larger than 20 MB.' },
                }),
              ]
            : [],
        },
      }),
    });
    fakeUploads(() => {
      refused = true;
      return {
        status: 413,
        body: {
          errors: [{ status: '413', code: 'file-too-large', detail: 'The file is larger than 20 MB.', source: { pointer: '/file' } }],
        },
      };
    });
    renderWithToasts(<PriceReportPage />);
    expect(await screen.findByText('Todavía no hay archivos de precios.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await act(async () => chooseFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo es demasiado grande.');
    expect(await screen.findByText('Rechazado al cargar: El archivo es demasiado grande.')).toBeInTheDocument();
    expect(screen.getByText('Fallido')).toBeInTheDocument();
  });
});

describe('following price files (FILE-05)', () => {
  const uploaded = {
    status: 202,
    body: { data: [{ type: 'price-file-job', id: 'job-1', attributes: { job_id: 'job-1', sequence: 5, status: 26 } }] },
  };
  const jobStatus = (osReturnCode: number | null) => ({
    body: {
      data: [
        {
          type: 'job-status',
          id: 'job-1',
          attributes: {
            'job-id': 'job-1',
            sequence: 5,
            status: osReturnCode === null ? 26 : 19,
            'os-return-code': osReturnCode,
            'rows-done': 0,
            'rows-total': 1,
            message: null,
          },
        },
      ],
    },
  });
  const pause = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
  const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

  it('a fresh upload: the list once after the upload, the status every second until osReturnCode is not null, then the list once more', async () => {
    let done = false;
    const indexAt: number[] = [];
    const statusAt: number[] = [];
    mockApi({
      'GET /fc-common-api/users/current': { body: dealer(0) },
      'GET /fc-common-api/mpp/index': () => {
        indexAt.push(Date.now());
        return { body: { data: statusAt.length === 0 && indexAt.length === 1 ? [] : [priceFile(5, done ? 19 : 26)] } };
      },
      'GET /fc-common-api/mpp/status': () => {
        statusAt.push(Date.now());
        done = statusAt.length >= 3;
        return jobStatus(done ? 0 : null);
      },
    });
    fakeUploads(() => uploaded);
    renderWithToasts(<PriceReportPage />);
    expect(await screen.findByText('No price files yet.', {}, { timeout: 15_000 })).toBeInTheDocument();
    const beforeUpload = indexAt.length;
    await act(async () => chooseFile());
    // Three status calls a second apart, then the list: a generous bound for a busy machine.
    expect(await screen.findByText('prices.csv is processed.', {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(await screen.findByText('Processed')).toBeInTheDocument();
    await pause(2500);
    expect(statusAt.length).toBe(3);
    for (const gap of gaps(statusAt)) expect(gap).toBeGreaterThan(800);
    // While the status is followed the list is not polled: once after the upload, once after the end.
    expect(indexAt.length - beforeUpload).toBe(2);
    expect(indexAt[indexAt.length - 1]!).toBeGreaterThanOrEqual(statusAt[2]!);
    expect(screen.getByRole('button', { name: 'Select file' })).toBeEnabled();
  }, 20_000);

  it('a status call that fails ends the polling with upload-error, and the user can upload again', async () => {
    const statusAt: number[] = [];
    mockApi({
      'GET /fc-common-api/users/current': { body: dealer(0) },
      'GET /fc-common-api/mpp/index': { body: { data: [] } },
      'GET /fc-common-api/mpp/status': () => {
        statusAt.push(Date.now());
        return { status: 500, body: { errors: [{ status: '500', code: 'internal', detail: 'boom' }] } };
      },
    });
    fakeUploads(() => uploaded);
    renderWithToasts(<PriceReportPage />);
    expect(await screen.findByText('No price files yet.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await act(async () => chooseFile());
    expect(await screen.findByText('Some files may not have uploaded. Please try again.', {}, { timeout: 15_000 })).toBeInTheDocument();
    const calls = statusAt.length;
    await pause(2500);
    expect(statusAt.length).toBe(calls);
    expect(screen.getByRole('button', { name: 'Select file' })).toBeEnabled();
  }, 20_000);

  it('after a reload, a row still in progress is followed by refetching the list every second, until none is', async () => {
    const indexAt: number[] = [];
    mockApi({
      'GET /fc-common-api/users/current': { body: dealer(0) },
      'GET /fc-common-api/mpp/index': () => {
        indexAt.push(Date.now());
        return { body: { data: [priceFile(9, indexAt.length < 3 ? 26 : 19), priceFile(8, 19)] } };
      },
    });
    renderWithToasts(<PriceReportPage />);
    expect(await screen.findByText('In progress', {}, { timeout: 15_000 })).toBeInTheDocument();
    await screen.findByText(
      (_, el) => el?.getAttribute('data-testid') === 'price-file-9' && /Processed/.test(el.textContent ?? ''),
      {},
      { timeout: 15_000 },
    );
    expect(screen.queryByText('In progress')).not.toBeInTheDocument();
    await pause(2500);
    expect(indexAt.length).toBe(3);
    for (const gap of gaps(indexAt)) expect(gap).toBeGreaterThan(800);
  }, 20_000);

  it('a list that cannot be fetched says loading failed, offers Retry, and is not polled', async () => {
    const indexAt: number[] = [];
    mockApi({
      'GET /fc-common-api/users/current': { body: dealer(0) },
      'GET /fc-common-api/mpp/index': () => {
        indexAt.push(Date.now());
        return { status: 404, body: { errors: [{ status: '404', code: 'not-found' }] } };
      },
    });
    renderWithToasts(<PriceReportPage />);
    expect(await screen.findByText('The list could not be loaded.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(/could not be downloaded/)).not.toBeInTheDocument();
    await pause(2000);
    expect(indexAt.length).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(indexAt.length).toBe(2));
  }, 20_000);
});

describe('status codes (FILE-03, FILE-04)', () => {
  it('price files: 26 in progress, 19 processed with a download, 13 failed with the error label, any other unknown with processing', async () => {
    mockApi({
      'GET /fc-common-api/users/current': { body: dealer(0) },
      'GET /fc-common-api/mpp/index': { body: { data: [priceFile(1, 26), priceFile(2, 19), priceFile(3, 13), priceFile(4, 7)] } },
    });
    renderWithToasts(<PriceReportPage />);
    const row = async (seq: number) => await screen.findByTestId(`price-file-${seq}`, {}, { timeout: 15_000 });
    const cells = async (seq: number) => Array.from((await row(seq)).querySelectorAll('td')).map((td) => td.textContent);
    expect((await cells(1)).slice(1)).toEqual(['In progress', 'processing']);
    expect((await cells(2)).slice(1)).toEqual(['Processed', 'Download']);
    expect(screen.getByRole('button', { name: 'Download the result of prices-2.csv' })).toBeInTheDocument();
    expect((await cells(3)).slice(1)).toEqual(['Failed', 'Error']);
    expect((await cells(4)).slice(1)).toEqual(['Unknown', 'processing']);
    expect(screen.getAllByRole('button', { name: /^Download the result/ })).toHaveLength(1);
  });

  it('file-status units: 0 success with a check, 1 failure with a warning, 2 ok with the equal icon; the columns of section 2', async () => {
    const unit = (seq: number, status: number) => ({
      seq,
      name: `file-${seq}.csv`,
      kind: 'core',
      status,
      'status-msg': `message ${seq}`,
      'status-msg-code': null,
      'status-msg-values': null,
      'finished-at': null,
    });
    mockApi({
      'GET /fc-common-api/users/current': { body: dealer(0) },
      'GET /fc-common-api/file-status': {
        body: {
          data: [fileStatusDay('2026-11-20', [unit(1, 0), unit(2, 1)]), fileStatusDay('2026-11-19', [unit(3, 2)])],
        },
      },
    });
    renderWithToasts(<FileStatusPage />);
    const expectUnit = async (seq: number, label: string, icon: string) => {
      const row = await screen.findByTestId(`file-unit-${seq}`, {}, { timeout: 15_000 });
      expect(row).toHaveTextContent(`file-${seq}.csv`);
      expect(row).toHaveTextContent(label);
      expect(row).toHaveTextContent(`message ${seq}`);
      expect(row.querySelector(`[data-testid="${icon}"]`)).not.toBeNull();
    };
    await expectUnit(1, 'Success', 'CheckCircleIcon');
    await expectUnit(2, 'Failure', 'WarningIcon');
    await expectUnit(3, 'OK', 'EqualIcon');
    // One date cell per group, spanning its units.
    expect(screen.getAllByRole('rowheader').map((c) => c.getAttribute('rowspan'))).toEqual(['2', '1']);
    const widths = Array.from(document.querySelectorAll('colgroup col')).map((c) => (c as HTMLElement).style.width);
    expect(widths).toEqual(['15.94%', '18.84%', '10.87%', '54.35%']);
    // The status column is centred (MUI writes align as a class).
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveClass('MuiTableCell-alignCenter');
    expect(screen.getByText('Failure').closest('td')).toHaveClass('MuiTableCell-alignCenter');
  });
});

describe('the daily transaction file (file-status page)', () => {
  it('shows a progress bar while the uploaded file is processed, until it appears in the table', async () => {
    let calls = 0;
    const unit = {
      seq: 77,
      name: 'daily.csv',
      kind: 'transactions',
      status: 0,
      'status-msg': '2 purchases added',
      'status-msg-code': null,
      'status-msg-values': null,
      'finished-at': null,
    };
    mockApi({
      'GET /fc-common-api/users/current': { body: corporate(0) },
      'GET /fc-common-api/file-status': () => {
        calls++;
        return {
          body: {
            data: calls < 3 ? [] : [fileStatusDay('2026-11-20', [unit])],
          },
        };
      },
    });
    fakeUploads(() => ({
      status: 202,
      body: { data: [{ type: 'inbound-file', id: '77', attributes: { job_id: 'job-77', sequence: 77 } }] },
    }));
    renderWithToasts(<FileStatusPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Daily transaction file' }, { timeout: 15_000 })).toBeInTheDocument();
    await act(async () => chooseFile('daily.csv'));
    const progress = screen.getByTestId('transaction-file-progress');
    await screen.findByRole('progressbar', { name: 'daily.csv was received and is being processed.' }, { timeout: 15_000 });
    expect(progress).toHaveTextContent('daily.csv was received and is being processed.');
    expect(await screen.findByText('daily.csv is processed; see the table below.', {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(progress).toBeEmptyDOMElement();
  }, 20_000);
});

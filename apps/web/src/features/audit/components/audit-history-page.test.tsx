import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@fc/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { i18nReady, switchLanguage } from '@/lib/i18n';
import { mockApi } from '../../../../test/api-mock';
import { renderPage, testUser } from '../../../../test/render';
import AuditHistoryPage from './audit-history-page';

const record = (id: string, entity: string, action: string, after: Record<string, unknown>) => ({
  type: 'audit',
  id,
  attributes: {
    at: '2026-11-20T15:04:05.000Z',
    'user-id': 1,
    username: 'corp',
    entity,
    'entity-id': '42',
    action,
    before: null,
    after,
    'request-id': 'req-1',
  },
});

beforeEach(async () => {
  await i18nReady;
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await switchLanguage('en-us');
});

describe('audit history', { timeout: 30_000 }, () => {
  it('names the entity and the action of each record in the session language (French)', async () => {
    await switchLanguage('fr');
    mockApi({
      'GET /fc-common-api/audit': {
        body: {
          data: [
            record('4', 'inbound_file', 'processed', { message: { code: 'item-codes-added', values: { added: 3, bundle: 'Brakes' } } }),
            record('3', 'loyalty_enrolment', 'create', { status: 'Pre Enrolled' }),
            record('2', 'cust_tax_rate', 'expire', { expiry_date: '2026-12-31' }),
            record('1', 'estes_part', 'create', { part_no: 'X' }),
          ],
          meta: { 'record-count': 4 },
        },
      },
      'GET /fc-common-api/audit/facets': {
        body: {
          data: [{ type: 'audit-facets', id: 'current', attributes: { entities: ['cust_tax_rate', 'estes_part'], users: ['corp'] } }],
        },
      },
    });
    renderPage(
      <ToastProvider>
        <AuditHistoryPage />
      </ToastProvider>,
      { url: '/corp/audit', user: testUser({ accountType: 0, grantedTasks: [] }) },
    );
    expect(await screen.findByText('Taux de taxe', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Expiré')).toBeInTheDocument();
    expect(screen.getByText('Correspondance de pièces')).toBeInTheDocument();
    expect(screen.getAllByText('Créé')).toHaveLength(2);
    // The values too: a status, a calendar day and a file's message, as the other pages show them.
    expect(screen.getByText('Pré-inscrit')).toBeInTheDocument();
    expect(screen.getByText('12/31/2026')).toBeInTheDocument();
    expect(screen.getByText('3 codes d’article ajoutés au lot Brakes.')).toBeInTheDocument();
    // And the fields they belong to, by the names their pages give them.
    expect(screen.getByText('Statut')).toBeInTheDocument();
    expect(screen.getByText('Date d’expiration')).toBeInTheDocument();
    // French puts a space before the colon that follows a field's name.
    expect(screen.getByText('Date d’expiration').parentElement!.textContent).toMatch(/^Date d’expiration\u00a0: /);
    expect(screen.getByText('Message')).toBeInTheDocument();
    // The specification's MM/dd/yyyy HH:mm:ss in French too (decision 0400), not the browser's 20/11/2026.
    const at = formatDateTime('2026-11-20T15:04:05.000Z');
    expect(at).toMatch(/^11\/2[01]\/2026 \d{2}:\d{2}:05$/);
    expect(screen.getAllByText(at)).toHaveLength(4);
    expect(screen.queryByText(/20\/11\/2026/)).not.toBeInTheDocument();
  });

  it('takes its date filters typed MM/DD/YYYY in French (its hint MM/JJ/AAAA), and asks the API for YYYYMMDD', async () => {
    await switchLanguage('fr');
    mockApi({
      'GET /fc-common-api/audit': { body: { data: [], meta: { 'record-count': 0 } } },
      'GET /fc-common-api/audit/facets': {
        body: { data: [{ type: 'audit-facets', id: 'current', attributes: { entities: [], users: [] } }] },
      },
    });
    renderPage(
      <ToastProvider>
        <AuditHistoryPage />
      </ToastProvider>,
      { url: '/corp/audit', user: testUser({ accountType: 0, grantedTasks: [] }) },
    );
    const from = await screen.findByRole('textbox', { name: 'Du' }, { timeout: 15_000 });
    expect(from).toHaveAttribute('placeholder', 'MM/JJ/AAAA');
    await userEvent.type(from, '11202026');
    expect(from).toHaveValue('11/20/2026');
    const urls = () =>
      vi.mocked(fetch).mock.calls.map(([input]) => decodeURIComponent(input instanceof Request ? input.url : input.toString()));
    await waitFor(() => expect(urls().some((u) => u.includes('filter[from]=20261120'))).toBe(true));
  });
});

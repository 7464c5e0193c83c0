import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import FileStatusPage from '@/features/files/components/file-status-page';
import PriceReportPage from '@/features/files/components/price-report-page';
import CustomerMaintenancePage from '@/features/customers/components/customer-maintenance-page';
import AccountRequestsPage from '@/features/customers/components/account-requests-page';
import { freshBrowserPerTest } from '../../test/fresh-browser';
import { currentUserDoc, mockApi } from '../../test/api-mock';
import { renderWithToasts } from '../../test/render';

/**
 * Least privilege in the browser (docs/permissions.md, decision 0300): a corporate user holding view tasks
 * only (502, 505, 508) is not offered the transaction upload, a price file for a dealer, customer creation or
 * account-request review; each place says which task it needs, in the session language. A user holding the
 * task is offered each of them.
 */
freshBrowserPerTest();

const corporate = (tasks: number[], language = 0) =>
  currentUserDoc({ username: 'cora', 'account-type': 0, 'granted-tasks': tasks, 'cust-no': null, language });
const VIEW_ONLY = [502, 505, 508];
const EDITOR = [502, 505, 506, 507, 508, 509];

const request = {
  type: 'account-requests',
  id: '7',
  attributes: {
    'full-name': 'Pat Doe',
    'job-title': 'Fleet manager',
    phone: '6305550100',
    email: 'pat@example.com',
    'account-number': 12345,
    'company-name': 'Acme',
    address: '1 Main St',
    city: 'Lisle',
    state: 'IL',
    country: 'US',
    zip: '60532',
    status: 'new',
    'reviewed-by': null,
    'created-at': '2026-11-20T10:00:00.000Z',
    'updated-at': '2026-11-20T10:00:00.000Z',
  },
};

function serve(tasks: number[], language = 0) {
  mockApi({
    'GET /fc-common-api/users/current': { body: corporate(tasks, language) },
    'GET /fc-common-api/file-status': { body: { data: [] } },
    'GET /fc-common-api/mpp/index': { body: { data: [], meta: { record_count: 0 } } },
    'GET /framework/customers': { body: { data: [], meta: { record_count: 0 } } },
    'GET /fc-common-api/users/account_requests': { body: { data: [request], meta: { record_count: 1 } } },
  });
}

describe('a view-only corporate user is offered no write', () => {
  it('file status: no transaction upload, and the reason names task 509', async () => {
    serve(VIEW_ONLY);
    renderWithToasts(<FileStatusPage />);
    expect(await screen.findByTestId('needs-task-transactions-file')).toHaveTextContent(
      'Uploading the daily transaction file needs task 509 (modify loyalty programmes). You can view the files.',
    );
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  it('price report: no dealer field and no upload, and the reason names task 506', async () => {
    serve(VIEW_ONLY);
    renderWithToasts(<PriceReportPage />);
    expect(await screen.findByTestId('needs-task-price-file-for-dealer')).toHaveTextContent('needs task 506');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  it('customer maintenance: no Create button, and the reason names task 509', async () => {
    serve(VIEW_ONLY);
    renderWithToasts(<CustomerMaintenancePage />);
    expect(await screen.findByTestId('needs-task-customer-create')).toHaveTextContent('Creating a customer needs task 509');
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  });

  it('account requests: the status is text, not a choice, and the reason names task 509', async () => {
    serve(VIEW_ONLY);
    renderWithToasts(<AccountRequestsPage />);
    expect(await screen.findByTestId('needs-task-account-request-review')).toHaveTextContent('needs task 509');
    const row = (await screen.findByText('Acme')).closest('tr, [role=row]') as HTMLElement;
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(row).queryByRole('combobox')).toBeNull();
    expect(screen.queryByLabelText(/status of Acme/i)).toBeNull();
  });

  it('the reasons are said in Spanish and French too', async () => {
    serve(VIEW_ONLY, 1);
    await switchLanguage('es');
    renderWithToasts(<FileStatusPage />);
    expect(await screen.findByTestId('needs-task-transactions-file')).toHaveTextContent('requiere la tarea 509');
    vi.unstubAllGlobals();
    serve(VIEW_ONLY, 2);
    await switchLanguage('fr');
    renderWithToasts(<CustomerMaintenancePage />);
    expect(await screen.findByTestId('needs-task-customer-create')).toHaveTextContent('Créer un client requiert la tâche 509');
  });
});

describe('a corporate user holding the tasks is offered each write', () => {
  it('transaction upload, price file for a dealer, Create customer and the status choice', async () => {
    serve(EDITOR);
    renderWithToasts(<FileStatusPage />);
    expect(await screen.findByTestId('transaction-file-progress')).toBeInTheDocument();
    expect(screen.queryByTestId('needs-task-transactions-file')).toBeNull();
  });

  it('price report: the dealer field and the upload', async () => {
    serve(EDITOR);
    renderWithToasts(<PriceReportPage />);
    expect(await screen.findByRole('textbox')).toBeInTheDocument();
    expect(document.querySelector('input[type=file]')).not.toBeNull();
    expect(screen.queryByTestId('needs-task-price-file-for-dealer')).toBeNull();
  });

  it('customers and account requests', async () => {
    serve(EDITOR);
    renderWithToasts(<CustomerMaintenancePage />);
    expect(await screen.findByRole('link', { name: /create/i })).toBeInTheDocument();
    expect(screen.queryByTestId('needs-task-customer-create')).toBeNull();
  });

  it('account requests: the status is a choice', async () => {
    serve(EDITOR);
    renderWithToasts(<AccountRequestsPage />);
    expect(await screen.findByLabelText(/Acme/)).toBeInTheDocument();
    expect(screen.queryByTestId('needs-task-account-request-review')).toBeNull();
  });
});

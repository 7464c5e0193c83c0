import { beforeAll, describe, expect, it } from 'vitest';
import { accountRequests, custTaxRates, customerLocations, customers } from '../src/db/schema/index';
import { api, loginAs } from './helpers/http';
import { fileApp } from './helpers/demo-app';

// Customer maintenance, account requests and tax configuration export their grids as the other grids do:
// a GET with the list's query (filters, search, sort), every matching row, formula cells escaped.

const t = fileApp();
let corp: string;

beforeAll(async () => {
  corp = await loginAs(t.app, 'corp');
  await t.db.insert(customers).values([
    { custNo: 71001, custName: '=HYPERLINK("http://x")', program: 96, city: 'Gary', state: 'IN' },
    { custNo: 71002, custName: 'Export Freight, Inc', program: 96, city: '@Lisle', state: 'IL' },
  ]);
  await t.db.insert(customerLocations).values([
    { custNo: 71001, location: '001', city: 'Gary', state: 'IN' },
    { custNo: 71002, location: '001', city: '+Lisle', state: 'IL' },
  ]);
  await t.db.insert(custTaxRates).values([
    { custNo: 71001, program: 96, custLocation: '001', taxRate: '0.050000', effectiveDate: '2030-01-01' },
    { custNo: 71002, program: 96, custLocation: '001', taxRate: '0.062500', effectiveDate: '2030-02-01', expiryDate: '2030-12-31' },
  ]);
  await t.db.insert(accountRequests).values([
    {
      fullName: '-Pat Export',
      jobTitle: 'Fleet manager',
      phone: '6305550100',
      email: 'pat@example.com',
      accountNumber: 71001,
      companyName: 'Acme Export',
      address: '1 Main St',
      city: 'Lisle',
      state: 'IL',
      country: 'US',
      zip: '60532',
    },
  ]);
});

const linesOf = (text: string) => text.trim().split('\n');

describe('GET /framework/customers/csv', () => {
  it('exports every matching customer, in the list order, with formula cells escaped', async () => {
    const res = await api(t.app, corp).get('/framework/customers/csv', { 'filter[search]': '7100', 'filter[sort]': 'cust_no|asc' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/Customers_\d{8}\.csv/);
    const lines = linesOf(res.text);
    expect(lines[0]).toBe('cust_no,cust_name,program,city,state,country,status,currency,created_at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^71001,"'=HYPERLINK\(""http:\/\/x""\)",96,Gary,IN,/);
    expect(lines[2]).toMatch(/^71002,"Export Freight, Inc",96,'@Lisle,IL,/);
  });

  it('ignores paging and needs a corporate sign-in', async () => {
    const res = await api(t.app, corp).get('/framework/customers/csv', { 'filter[search]': '7100', 'page[size]': 1 });
    expect(linesOf(res.text)).toHaveLength(3);
    expect((await api(t.app, await loginAs(t.app, 'dealer')).get('/framework/customers/csv')).status).toBe(403);
    expect((await api(t.app).get('/framework/customers/csv')).status).toBe(401);
  });
});

describe('GET /fc-common-api/users/account_requests/csv', () => {
  it('exports the matching requests with formula cells escaped', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/users/account_requests/csv', { 'filter[search]': 'Export' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/AccountRequests_\d{8}\.csv/);
    const lines = linesOf(res.text);
    expect(lines[0]).toBe(
      'created_at,full_name,job_title,company_name,account_number,email,phone,address,city,state,country,zip,status,reviewed_by,updated_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",'-Pat Export,Fleet manager,Acme Export,71001,pat@example.com,");
    expect((await api(t.app, await loginAs(t.app, 'customer')).get('/fc-common-api/users/account_requests/csv')).status).toBe(403);
  });
});

describe('GET /fc-common-api/cust/tax/estes_csv', () => {
  it('exports the filtered rates, dates as the page shows them, formula cells escaped', async () => {
    const res = await api(t.app, corp).get('/fc-common-api/cust/tax/estes_csv', {
      'filter[cust_no]': '7100',
      'filter[sort]': 'effective_date|asc',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/TaxRates_\d{8}\.csv/);
    const lines = linesOf(res.text);
    expect(lines[0]).toBe('name,cust_no,program,location,city,state,tax_rate,effective_date,expiry_date');
    expect(lines.slice(1)).toEqual([
      `"'=HYPERLINK(""http://x"")",71001,96,001,Gary,IN,0.050000,01/01/2030,`,
      `"Export Freight, Inc",71002,96,001,'+Lisle,IL,0.062500,02/01/2030,12/31/2030`,
    ]);
  });
});

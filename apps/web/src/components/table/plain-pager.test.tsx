import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { PlainPager } from './plain-pager';
import { applyTableChange } from './table-state';

beforeAll(async () => {
  await i18nReady;
});

// Decision 0640: the first frame's pagination bar says what the grid's says and pages on the same state.
describe('PlainPager', () => {
  it('shows the rows on screen of the total, about when estimated, and pages forward and back', () => {
    const onChange = vi.fn();
    render(<PlainPager total={100_000} estimated state={{ page: 2, size: 25 }} onChange={onChange} />);
    expect(screen.getByText('26–50 of about 100,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '50' } });
    expect(onChange.mock.calls).toEqual([[{ page: 3 }], [{ page: 1 }], [{ size: 50 }]]);
  });

  it('has no page-size choice on a short list and both buttons off on its only page', () => {
    render(<PlainPager total={4} state={{ page: 1, size: 25 }} onChange={() => {}} />);
    expect(screen.getByText('1–4 of 4')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Go to previous page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('applyTableChange', () => {
  it('writes a change as useTableUrlState does: a sort or filter starts again on page 1, defaults are left out', () => {
    const prev = new URLSearchParams('page=3&sort=cust_no%7Cdesc&x=1');
    expect(applyTableChange(prev, { sort: [{ field: 'cust_name', direction: 'asc' }] }, {}).toString()).toBe('sort=cust_name%7Casc&x=1');
    expect(applyTableChange(prev, { page: 4 }, {}).toString()).toBe('page=4&sort=cust_no%7Cdesc&x=1');
    expect(applyTableChange(prev, { size: 25 }, {}).toString()).toBe('sort=cust_no%7Cdesc&x=1');
    expect(applyTableChange(new URLSearchParams(), { filters: { status: '1' }, search: ' a ' }, { prefix: 't' }).toString()).toBe(
      't.q=a&t.f.status=1',
    );
  });
});

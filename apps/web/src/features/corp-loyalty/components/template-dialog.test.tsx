import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { stubEmptyApi } from '../../../../test/fresh-browser';
import { englishTexts, renderPage } from '../../../../test/render';
import { TemplateDialog } from './template-dialog';

beforeAll(englishTexts);
// The active bundles list: none.
beforeEach(stubEmptyApi);
afterEach(() => {
  vi.unstubAllGlobals();
});

/** MUI adds " *" to the label of a required field. */
const type = (group: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(group).getByLabelText(label), { target: { value } });
const RATE = /^Rebate \(%\)/;
const TARGET = /^Target spend/;

describe('template dialog: rates must increase by milestone (issue 17 item 2, decision 0341)', () => {
  it('2 % at 1,000 then 2 % at 2,000: the second row says the rebate must be more than milestone 1', async () => {
    renderPage(
      <ToastProvider>
        <TemplateDialog open mode="add" onClose={() => {}} />
      </ToastProvider>,
    );
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText(/^Program name/), { target: { value: 'Flat rate' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Currency configuration/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'System currency (USD)' }));
    const first = within(dialog).getByRole('group', { name: 'Milestone 1' });
    type(first, RATE, '2');
    type(first, TARGET, '1000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    const second = within(dialog).getByRole('group', { name: 'Milestone 2' });
    type(second, RATE, '2');
    type(second, TARGET, '2000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add program' }));
    expect(await within(second).findByText('The rebate must be more than the 2% of milestone 1')).toBeTruthy();
    expect(within(first).queryByText(/must be more than/)).toBeNull();
    // Nothing was sent: the only call is the bundle list.
    const calls = vi.mocked(fetch).mock.calls.map(([url]) => (typeof url === 'string' ? url : url instanceof URL ? url.href : url.url));
    expect(calls.some((u) => u.includes('program/add'))).toBe(false);
  });
});

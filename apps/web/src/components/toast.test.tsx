import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishTexts } from '../../test/render';
import { ToastProvider, useToast, type ToastApi } from './toast';

beforeAll(englishTexts);

const holder: { api?: ToastApi } = {};
function Grab() {
  const toast = useToast();
  useEffect(() => {
    holder.api = toast;
  }, [toast]);
  return null;
}
const renderToasts = () =>
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );

describe('toast policy (docs/decisions/0330)', () => {
  it('the latest outcome replaces the one on screen at once: nothing stale waits in a queue', async () => {
    renderToasts();
    act(() => holder.api!.success('EE3601520 is now mapped to 3601520C91.'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('EE3601520 is now mapped to 3601520C91.');
    act(() => holder.api!.success('The mapping of EE3601520 to 3601520C91 was removed.'));
    expect(await screen.findByText('The mapping of EE3601520 to 3601520C91 was removed.')).toBeInTheDocument();
    expect(screen.queryByText('EE3601520 is now mapped to 3601520C91.')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('many errors of one action are one dialog listing them all, with Copy and Close', async () => {
    renderToasts();
    const lines = Array.from({ length: 20 }, (_, i) => `Row ${i + 2}: invalid item code: BAD${i}!`);
    act(() => holder.api!.errors('Bulk import failed:', lines));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk import failed:' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(lines);
    expect(dialog).toHaveTextContent('20 errors:');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy the list' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

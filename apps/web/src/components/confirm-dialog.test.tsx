import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function mount(onConfirm: () => void | Promise<void>, focus?: 'cancel' | 'confirm') {
  const onClose = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Delete the code?"
      text="Code 42 goes."
      confirmLabel="Delete"
      cancelLabel="Keep"
      focus={focus}
      onClose={onClose}
      onConfirm={onConfirm}
    />,
  );
  return onClose;
}

describe('ConfirmDialog', () => {
  it('names the dialog by its title, describes it by its text and closes on cancel', () => {
    const onClose = mount(vi.fn(), 'cancel');
    const dialog = screen.getByRole('dialog', { name: 'Delete the code?' });
    expect(dialog).toHaveAccessibleDescription('Code 42 goes.');
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps the confirm button disabled until the call has answered', async () => {
    let answer!: () => void;
    mount(() => new Promise<void>((resolve) => (answer = resolve)));
    const confirm = screen.getByRole('button', { name: 'Delete' });
    fireEvent.click(confirm);
    expect(confirm).toBeDisabled();
    answer();
    await vi.waitFor(() => expect(confirm).toBeEnabled());
  });
});

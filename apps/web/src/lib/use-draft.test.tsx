import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentUserQuery } from './session/current-user';
import { DRAFT_MAX_AGE_MS, draftKey, readDraft, saveAllDrafts, useDraft } from './use-draft';

interface Values {
  email: string;
  password?: string;
}

let unsaved: Values | null = null;

function Form() {
  const draft = useDraft<Values>({ values: () => unsaved, exclude: ['password'] });
  return (
    <>
      <p>{draft.draft ? `draft:${draft.draft.email}` : 'no draft'}</p>
      <button type="button" onClick={draft.discard}>
        discard
      </button>
    </>
  );
}

function mount(username = 'casey', path = '/profile') {
  const client = new QueryClient();
  client.setQueryData(currentUserQuery.queryKey, { username } as never);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Form />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  unsaved = null;
});
afterEach(() => localStorage.clear());

describe('useDraft', () => {
  it('writes nothing while the user works; saveAllDrafts writes the unsaved values, without excluded fields', () => {
    mount();
    unsaved = { email: 'typed@example.org', password: 'Secret123' };
    expect(localStorage.getItem(draftKey('casey', '/profile'))).toBeNull();
    expect(saveAllDrafts()).toBe(1);
    const stored = localStorage.getItem(draftKey('casey', '/profile'))!;
    expect(stored).toContain('typed@example.org');
    expect(stored).not.toContain('Secret123');
  });

  it('a form with nothing unsaved leaves no draft', () => {
    mount();
    expect(saveAllDrafts()).toBe(0);
  });

  it('offers the draft on the same page for the same user, and forgets it once answered', () => {
    localStorage.setItem(draftKey('casey', '/profile'), JSON.stringify({ savedAt: Date.now(), values: { email: 'kept@example.org' } }));
    mount();
    expect(screen.getByText('draft:kept@example.org')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'discard' }).click());
    expect(screen.getByText('no draft')).toBeInTheDocument();
    expect(localStorage.getItem(draftKey('casey', '/profile'))).toBeNull();
  });

  it('never shows one user the draft of another, nor a draft of another page', () => {
    localStorage.setItem(draftKey('casey', '/profile'), JSON.stringify({ savedAt: Date.now(), values: { email: 'kept@example.org' } }));
    const other = mount('morgan');
    expect(screen.getByText('no draft')).toBeInTheDocument();
    other.unmount();
    mount('casey', '/elsewhere');
    expect(screen.getByText('no draft')).toBeInTheDocument();
  });

  it('drops drafts older than a day', () => {
    const key = draftKey('casey', '/profile');
    localStorage.setItem(key, JSON.stringify({ savedAt: Date.now() - DRAFT_MAX_AGE_MS - 1, values: { email: 'old@example.org' } }));
    expect(readDraft(key)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('an unmounted form is not saved', () => {
    const view = mount();
    view.unmount();
    unsaved = { email: 'gone@example.org' };
    expect(saveAllDrafts()).toBe(0);
  });
});

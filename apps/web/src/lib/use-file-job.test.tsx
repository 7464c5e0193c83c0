import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiResponse } from '@/lib/api-client';
import i18n, { i18nReady } from '@/lib/i18n';
import { useFileJob, type FileJobEnd, type UnitStatusLike } from './use-file-job';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

type Answer = { jobId: string };

beforeAll(async () => {
  await i18nReady;
  // Loaded before the hook renders, so that its translations do not suspend it.
  await i18n.loadNamespaces(['files', 'common']);
});

describe('useFileJob (decision 0820)', () => {
  it('polls the unit until its osReturnCode is set, then tells onEnd once, with the message translated', async () => {
    let calls = 0;
    const status = vi.fn(async (): Promise<UnitStatusLike> => {
      calls++;
      return calls < 3
        ? { osReturnCode: null, rowsDone: calls }
        : { osReturnCode: 0, messageCode: 'item-codes-added', messageValues: { added: 2, bundle: 'B' }, message: 'English' };
    });
    const ends: FileJobEnd<Answer, UnitStatusLike>[] = [];
    const { result } = renderHook(() => useFileJob<Answer>({ key: 't1', status, intervalMs: 20, onEnd: (e) => ends.push(e) }), { wrapper });
    act(() => result.current.follow({ jobId: 'j' }, 'a.csv'));
    expect(result.current.polling).toBe(true);
    await waitFor(() => expect(ends).toHaveLength(1));
    expect(status).toHaveBeenCalledTimes(3);
    expect(ends[0]).toMatchObject({ name: 'a.csv', error: false, timedOut: false, status: { osReturnCode: 0 } });
    expect(ends[0]!.message).toMatch(/2 item codes added to bundle B/);
    expect(result.current).toMatchObject({ polling: false, ended: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(status).toHaveBeenCalledTimes(3);
    expect(ends).toHaveLength(1);
  });

  it('a status call that fails ends the job with error; polls that run out end it as timed out', async () => {
    const ends: FileJobEnd<Answer, UnitStatusLike>[] = [];
    const failing = renderHook(
      () =>
        useFileJob<Answer>({
          key: 't2',
          status: () => Promise.reject(new Error('down')),
          onEnd: (e) => ends.push(e),
        }),
      { wrapper },
    );
    act(() => failing.result.current.follow({ jobId: 'j' }, 'b.csv'));
    await waitFor(() => expect(ends).toHaveLength(1));
    expect(ends[0]).toMatchObject({ error: true });

    const never = vi.fn(async () => null);
    const slow = renderHook(
      () => useFileJob<Answer, UnitStatusLike>({ key: 't3', status: never, intervalMs: 10, maxPolls: 3, onEnd: (e) => ends.push(e) }),
      { wrapper },
    );
    act(() => slow.result.current.follow({ jobId: 'j' }, 'c.csv'));
    await waitFor(() => expect(ends).toHaveLength(2));
    expect(ends[1]).toMatchObject({ name: 'c.csv', timedOut: true, error: false });
    expect(never).toHaveBeenCalledTimes(3);
  });

  it('without a status the answer is final: the job ends with it; an answer it does not follow is left alone', async () => {
    const ends: FileJobEnd<Answer, UnitStatusLike>[] = [];
    const { result } = renderHook(() => useFileJob<Answer>({ key: 't4', follows: (a) => a.jobId !== '', onEnd: (e) => ends.push(e) }), {
      wrapper,
    });
    act(() => result.current.follow({ jobId: '' }, 'd.csv'));
    expect(result.current.current).toBeNull();
    act(() => result.current.follow({ jobId: 'x' }, 'e.csv'));
    await waitFor(() => expect(ends).toHaveLength(1));
    expect(ends[0]).toMatchObject({ answer: { jobId: 'x' }, name: 'e.csv', message: '' });
  });

  it('send: uploads through the given call with its progress, then follows the answer; a refusal goes to onRefused', async () => {
    const ends: FileJobEnd<Answer, UnitStatusLike>[] = [];
    const refused: string[] = [];
    const accepted: (Answer | undefined)[] = [];
    const { result } = renderHook(
      () =>
        useFileJob<Answer>({
          key: 't5',
          onAccepted: (a) => accepted.push(a),
          onRefused: (e) => refused.push(e.code ?? ''),
          onEnd: (e) => ends.push(e),
        }),
      { wrapper },
    );
    const file = new File(['item_code\n1\n'], 'f.csv', { type: 'text/csv' });
    const sent: FormData[] = [];
    await act(() =>
      result.current.send(
        async (form, onProgress) => {
          sent.push(form);
          onProgress(0.5);
          return { data: [{ id: '1', type: 'x', jobId: 'j' }], meta: {} } as ApiResponse<Answer>;
        },
        file,
        { type: 1, empty: '' },
      ),
    );
    expect(sent[0]!.get('type')).toBe('1');
    expect(sent[0]!.has('empty')).toBe(false);
    expect((sent[0]!.get('file') as File).name).toBe('f.csv');
    expect(accepted).toHaveLength(1);
    await waitFor(() => expect(ends).toHaveLength(1));
    expect(result.current.sending).toBeNull();
    await act(() =>
      result.current.send(() => Promise.reject(new ApiError(400, [{ status: '400', code: 'file-empty', title: 'Empty' }])), file),
    );
    expect(refused).toEqual(['file-empty']);
  });
});

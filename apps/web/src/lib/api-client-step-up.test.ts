import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setStepUpHandler, setUnauthorizedHandler, upload } from './api-client';
import { mockApi } from '../../test/api-mock';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
  setStepUpHandler(undefined);
});

const stepUpAnswer = { status: 403, body: { errors: [{ status: '403', code: 'step-up-required' }] } };
const ok = { body: { data: [{ type: 'results', id: '1', attributes: { status: 'success' } }] } };

/** A fake server whose first answer to `route` asks for the step-up check, and every later one is `then`. */
function stepUpOnce(route: string, then = ok) {
  let asked = false;
  return mockApi({
    [route]: () => {
      if (asked) return then;
      asked = true;
      return stepUpAnswer;
    },
  });
}

describe('the step-up check of a sensitive change (issue 19)', () => {
  it('opens the dialog and, once confirmed, sends the same request again once', async () => {
    const calls = stepUpOnce('POST /fc-common-api/customers/requests/7/approve');
    const handler = vi.fn(async () => true);
    const unauthorized = vi.fn();
    setStepUpHandler(handler);
    setUnauthorizedHandler(unauthorized);
    const res = await api('/fc-common-api/customers/requests/7/approve', { method: 'POST', body: { note: 'x' } });
    expect(res.data[0]).toMatchObject({ status: 'success' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ note: 'x' });
    // A step-up answer is no sign-in question: nobody is sent to the login page.
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('cancelled: the call fails with the 403, and the login page is not opened', async () => {
    const calls = stepUpOnce('POST /fc-common-api/users/profile');
    const unauthorized = vi.fn();
    setStepUpHandler(async () => false);
    setUnauthorizedHandler(unauthorized);
    const err = await api('/fc-common-api/users/profile', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('step-up-required');
    expect(calls).toHaveLength(1);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('asks once: a second step-up answer after the check fails the call instead of looping', async () => {
    const calls = mockApi({ 'POST /x': stepUpAnswer });
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    await expect(api('/x', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'step-up-required' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('calls that fail together share one dialog', async () => {
    let answered = false;
    mockApi({ 'POST /a': () => (answered ? ok : stepUpAnswer), 'POST /b': () => (answered ? ok : stepUpAnswer) });
    let confirm!: (v: boolean) => void;
    const handler = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          confirm = resolve;
        }),
    );
    setStepUpHandler(handler);
    const both = Promise.all([api('/a', { method: 'POST', body: {} }), api('/b', { method: 'POST', body: {} })]);
    await vi.waitFor(() => expect(handler).toHaveBeenCalled());
    answered = true;
    confirm(true);
    await both;
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('another 403 still goes to the login redirect', async () => {
    mockApi({ 'GET /private': { status: 403, body: { errors: [{ status: '403', code: '209' }] } } });
    const handler = vi.fn(async () => true);
    const unauthorized = vi.fn();
    setStepUpHandler(handler);
    setUnauthorizedHandler(unauthorized);
    await expect(api('/private')).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});

/** XMLHttpRequest as upload() uses it, answering from `answers` in turn and keeping what each send carried. */
function fakeXhr(answers: { status: number; body: unknown }[]) {
  const sent: unknown[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload = { onprogress: null as unknown };
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(body: unknown) {
      sent.push(body);
      const answer = answers[sent.length - 1]!;
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('an upload that needs the step-up check (issue 19)', () => {
  it('sends the same form again once the user confirmed', async () => {
    const sent = fakeXhr([stepUpAnswer as { status: number; body: unknown }, { status: 200, ...ok }]);
    setStepUpHandler(async () => true);
    const form = new FormData();
    form.append('file', new Blob(['a,b\n']), 'prices.csv');
    const res = await upload('/fc-common-api/files/price', form);
    expect(res.data[0]).toMatchObject({ status: 'success' });
    expect(sent).toEqual([form, form]);
  });

  it('cancelled: the upload fails with the 403 and is not sent again', async () => {
    const sent = fakeXhr([stepUpAnswer as { status: number; body: unknown }]);
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    setStepUpHandler(async () => false);
    await expect(upload('/fc-common-api/files/price', new FormData())).rejects.toMatchObject({ code: 'step-up-required' });
    expect(sent).toHaveLength(1);
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

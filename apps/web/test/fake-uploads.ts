import { vi } from 'vitest';

/**
 * XMLHttpRequest as the upload client uses it, answering every upload with `answer()` on the next tick
 * (status 0: a network failure). Returns the forms sent, in order.
 */
export function fakeUploads(answer: () => { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress?: (e: ProgressEvent) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      const a = answer();
      setTimeout(() => {
        this.status = a.status;
        this.responseText = JSON.stringify(a.body);
        if (a.status === 0) this.onerror?.();
        else this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

import { parseSessionMessage, SESSION_CHANNEL, type SessionMessage } from '@fc/contract/session';

/**
 * The one session channel of this page: continue and sign-out events between the tabs of one browser
 * (BroadcastChannel; the storage event where it is missing). One object per page, because a BroadcastChannel
 * hears every other object of its name, those of its own page included: a tab must not hear its own sign-out.
 */
const MESSAGE_KEY = 'fc.session.message';

type Listener = (message: SessionMessage) => void;
const listeners = new Set<Listener>();
let post: ((message: SessionMessage) => void) | null = null;

function open() {
  if (post) return post;
  const deliver = (data: unknown) => {
    const m = parseSessionMessage(data);
    if (m) for (const l of [...listeners]) l(m);
  };
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (e: MessageEvent) => deliver(e.data);
    post = (m) => channel.postMessage(m);
  } else {
    window.addEventListener('storage', (e) => {
      if (e.key !== MESSAGE_KEY || !e.newValue) return;
      try {
        deliver(JSON.parse(e.newValue));
      } catch {
        /* not ours */
      }
    });
    post = (m) => {
      try {
        localStorage.setItem(MESSAGE_KEY, JSON.stringify({ ...m, nonce: Math.random() }));
      } catch {
        /* storage disabled: the other tabs find out at their next call (a 401) */
      }
    };
  }
  return post;
}

/** Tells the other tabs of this browser. */
export function postSessionMessage(message: SessionMessage) {
  open()(message);
}

/** Hears what the other tabs say; returns the function that stops listening. */
export function onSessionMessage(listener: Listener): () => void {
  open();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

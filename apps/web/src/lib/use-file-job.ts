import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { JOB_STATUS_POLL_MS, type FileMessage } from '@fc/contract/files';
import { ApiError, upload, type ApiResponse } from '@/lib/api-client';
import { useFileMessages } from '@/lib/file-message';

/** What the polled status of a unit (an inbound file) may tell: its end, outcome and progress. */
export interface UnitStatusLike {
  osReturnCode?: number | null;
  message?: string | null;
  messageCode?: string | null;
  messageValues?: FileMessage['values'] | null;
  rowsDone?: number;
  rowsTotal?: number | null;
}

/** How a followed unit ended: its last status, a status that could not be read, or polls that ran out. */
export interface FileJobEnd<A, S> {
  answer: A;
  name: string;
  status?: S;
  error?: boolean;
  timedOut?: boolean;
  /** The unit's message in the reader's language (decision 0410), '' without one. */
  message: string;
}

export interface FileJobOptions<A, S> {
  /** The query key of the polled status, one per kind of unit. */
  key: string;
  /**
   * The unit's status for the upload's answer, null while it is not there yet. Without it the answer is
   * final (an item-code import answers once its unit has run: decision 0820) and the job ends with it.
   */
  status?: (answer: A) => Promise<S | null>;
  /** Whether the answer names a unit to follow (default: yes). */
  follows?: (answer: A) => boolean;
  /** Whether the unit has ended (default: its osReturnCode is set). */
  ended?: (status: S | null | undefined) => boolean;
  /** Between two status calls (default JOB_STATUS_POLL_MS, FILE-05). */
  intervalMs?: number;
  /** Status calls at most; then the job ends as timed out. */
  maxPolls?: number;
  /** Called once the file is accepted, before its unit is followed. */
  onAccepted?: (answer: A | undefined, file: File) => void;
  /** Called once the upload is refused (by the server or on the way). */
  onRefused?: (error: ApiError, file: File) => void;
  /** Called once per followed unit, when it ends. */
  onEnd?: (end: FileJobEnd<A, S>) => void;
}

/** Where a file is sent: an upload path, or a call that sends the form (a contract endpoint's callUpload). */
export type FileUploader<A> = string | ((form: FormData, onProgress: (fraction: number) => void) => Promise<ApiResponse<A>>);

const osEnded = (s: object | null | undefined) => {
  const code = (s as UnitStatusLike | null | undefined)?.osReturnCode;
  return code !== null && code !== undefined;
};

/**
 * The upload-then-poll state machine of every inbound file (price files, transaction files, core uploads,
 * item-code imports; decision 0820): `send` uploads a file with its progress, or `follow` takes the answer of
 * an upload made elsewhere (the CSV upload button); the unit's status is then polled until it ends, a status
 * call fails, or the polls run out, and `onEnd` is told once, with the outcome in the reader's language.
 */
export function useFileJob<A, S extends object = UnitStatusLike>(opts: FileJobOptions<A, S>) {
  const { fileMessage } = useFileMessages();
  const [sending, setSending] = useState<{ name: string; progress: number } | null>(null);
  const [current, setCurrent] = useState<{ id: number; answer: A; name: string } | null>(null);
  const [polls, setPolls] = useState(0);
  const ids = useRef(0);
  const announced = useRef<number | null>(null);
  // The latest options for the callbacks and the status call, kept without re-running the effect.
  const optsRef = useRef(opts);
  useEffect(() => {
    optsRef.current = opts;
  });
  const isEnded = opts.ended ?? osEnded;
  const maxPolls = opts.maxPolls ?? Infinity;

  const query = useQuery({
    queryKey: [opts.key, 'unit', current?.id ?? null],
    queryFn: async () => {
      setPolls((n) => n + 1);
      return (await optsRef.current.status!(current!.answer)) ?? null;
    },
    enabled: !!current && !!opts.status,
    staleTime: 0,
    // A failed call (after the client's retries) ends the polling: the page says so instead of asking forever.
    refetchInterval: (q) =>
      q.state.status === 'error' || isEnded(q.state.data) || q.state.dataUpdateCount >= maxPolls
        ? false
        : (opts.intervalMs ?? JOB_STATUS_POLL_MS),
    refetchIntervalInBackground: true,
  });

  const status = current ? (query.data ?? undefined) : undefined;
  const ended = !!current && (!opts.status || isEnded(query.data));
  const error = !!current && !!opts.status && query.isError;
  const timedOut = !!current && !!opts.status && !ended && !error && polls >= maxPolls && !query.isFetching;
  const unit = status as UnitStatusLike | undefined;
  const message = unit ? fileMessage(unit.messageCode, unit.messageValues, unit.message ?? null) : '';

  useEffect(() => {
    if (!current || announced.current === current.id || !(ended || error || timedOut)) return;
    announced.current = current.id;
    optsRef.current.onEnd?.({ answer: current.answer, name: current.name, status, error, timedOut, message });
  }, [current, ended, error, timedOut, status, message]);

  /** Follows the unit of an upload's answer. */
  const follow = (answer: A | undefined, name: string) => {
    if (answer === undefined || (optsRef.current.follows && !optsRef.current.follows(answer))) return;
    setPolls(0);
    setCurrent({ id: ++ids.current, answer, name });
  };

  /** Uploads `file` (multipart, field `file`, with `fields`) through `to`, then follows its unit. */
  const send = async (to: FileUploader<A>, file: File, fields?: Record<string, string | number | undefined>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields ?? {})) if (v !== undefined && v !== '') form.append(k, String(v));
    form.append('file', file, file.name);
    setSending({ name: file.name, progress: 0 });
    try {
      const onProgress = (f: number) => setSending({ name: file.name, progress: Math.round(f * 100) });
      const res = await (typeof to === 'string' ? upload<A>(to, form, onProgress) : to(form, onProgress));
      const answer = res.data[0] as A | undefined;
      optsRef.current.onAccepted?.(answer, file);
      follow(answer, file.name);
    } catch (err) {
      optsRef.current.onRefused?.(
        err instanceof ApiError ? err : new ApiError(0, [{ status: '0', code: 'network', title: String(err) }]),
        file,
      );
    } finally {
      setSending(null);
    }
  };

  return {
    send,
    follow,
    /** The file being sent and the percentage sent, null when none is. */
    sending,
    /** The followed unit's answer and file name. */
    current,
    status,
    /** The unit is followed and has not ended. */
    polling: !!current && !!opts.status && !ended && !error && !timedOut,
    ended,
    error,
    message,
  };
}

/**
 * An upload the person can stop (a Cancel beside its progress bar) and that stops when its page goes: the signal
 * to hand to `uploadWithProgress`, and whether a failure was that stop rather than a real one. On a slow line a
 * 10 MB file takes minutes (walk 33b: an assignment's upload at 20 KB/s had no way out but to wait).
 */
import { useCallback, useEffect, useRef } from "react";
import { CLIENT_MSG, normaliseError } from "./errors.ts";

export function useUploadAbort() {
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  /** A new upload's signal (the one a Cancel stops). */
  const start = useCallback(() => {
    const controller = new AbortController();
    current.current = controller;
    return controller.signal;
  }, []);
  /** Stops the upload under way, if any. */
  const cancel = useCallback(() => current.current?.abort(), []);
  /** After the upload ended: whether it ended by a Cancel (or the page going), and the signal let go. */
  const stopped = useCallback((signal: AbortSignal, err?: unknown) => {
    if (current.current?.signal === signal) current.current = null;
    return signal.aborted || (err !== undefined && normaliseError(err).message === CLIENT_MSG.aborted);
  }, []);
  return { start, cancel, stopped };
}

/**
 * One call at a time from one control. A double click's second click (or a second Enter) arrives before the
 * next render shows the button busy — React Query tells its observers a call started only on a later tick —
 * so a `busy` prop cannot stop it. This guard is a ref: set when a call starts, cleared when it settles.
 * Checks made before sending (required fields, the shared schema) stay outside it: `run` releases the guard a
 * microtask after its call settles, so a refused check holding it would drop a corrected submit in the same task.
 */
import { useMemo, useRef } from "react";

export interface OneAtATime {
  /** true when nothing is on its way, and marks a call as started; false: send nothing */
  start(): boolean;
  /** the call settled (done or failed): the next may start */
  settled(): void;
  /** `send` unless a call is on its way; the guard is cleared when its promise settles */
  run<T>(send: () => Promise<T>): Promise<T | undefined>;
}

export function useOneAtATime(): OneAtATime {
  const running = useRef(false);
  return useMemo(() => {
    const guard: OneAtATime = {
      start: () => !running.current && (running.current = true),
      settled: () => {
        running.current = false;
      },
      async run(send) {
        if (!guard.start()) return undefined;
        try {
          return await send();
        } finally {
          guard.settled();
        }
      },
    };
    return guard;
  }, []);
}

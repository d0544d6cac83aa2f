/** A page message that goes away by itself (spec part 1 §8: profile messages vanish after 5 seconds). */
import { useCallback, useEffect, useRef, useState } from "react";

export const FLASH_MS = 5000;

export interface Flash {
  tone: "success" | "error" | "info";
  text: string;
}

export function useFlash(ms = FLASH_MS) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setFlash(null);
  }, []);

  const show = useCallback(
    (tone: Flash["tone"], text: string) => {
      clearTimeout(timer.current);
      setFlash({ tone, text });
      timer.current = setTimeout(() => setFlash(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { flash, show, clear };
}

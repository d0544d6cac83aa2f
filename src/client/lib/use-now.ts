/** The current time, re-rendered at the start of every minute (for clocks and greetings). */
import { useEffect, useState } from "react";

export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const scheduleNextMinute = () => {
      const t = new Date();
      timer = setTimeout(
        () => {
          setNow(new Date());
          scheduleNextMinute();
        },
        60_000 - (t.getSeconds() * 1000 + t.getMilliseconds()),
      );
    };
    scheduleNextMinute();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** What a promise came to within a second: its value, its error's message, or "still waiting" (a hang). */
export const within = <T>(promise: Promise<T>) =>
  Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: Error) => ({ error: error.message }),
    ),
    Bun.sleep(1000).then(() => "still waiting" as const),
  ]);

/**
 * The browser's Back and Forward move between the admission wizard's steps (walk 18): each step moved to is an
 * entry of the tab's history at the same address, so a phone's Back goes a step back instead of off the page,
 * where the chosen files would have to be attached again (a browser never keeps them). Back from the step the
 * page opened on leaves it, as any page's Back does.
 *
 * The wizard's entries restore no scroll (walk 21): the browser's own restoration came after the step was shown and
 * put back the scroll of the moment Next was pressed (on a phone, the step's end or the footer), so the page places
 * the step at its title itself. `scrollRestoration` belongs to a history entry, and entries pushed from one inherit
 * it: the wizard's are "manual", and the page a link leaves them for is given "auto" back.
 */
import { useEffect, useRef } from "react";
import { STEPS, type StepIndex } from "./application-form.ts";

/** The key of the wizard's step in a history entry's state (beside whatever else the state holds). */
const STEP_KEY = "admissionStep";

const isStep = (value: unknown): value is StepIndex =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value < STEPS.length;

const withStep = (step: StepIndex) => ({ ...(history.state as object | null), [STEP_KEY]: step });

/** Records each new `step` as a history entry, and calls `onPop` with the step an entry holds when Back or Forward reaches it. */
export function useStepsInHistory(step: StepIndex, onPop: (step: StepIndex) => void) {
  const recorded = useRef(step);
  const popTo = useRef(onPop);
  popTo.current = onPop;

  useEffect(() => {
    // Back from another page to a wizard entry (already "manual") opens the form at its top, as a new page opens.
    if (history.scrollRestoration === "manual") scrollTo({ top: 0, behavior: "instant" });
    history.scrollRestoration = "manual";
    // The entry the page opened on holds the step it opened at (a draft's, or the first).
    history.replaceState(withStep(recorded.current), "");
    const pop = (event: PopStateEvent) => {
      const reached = (event.state as Record<string, unknown> | null)?.[STEP_KEY];
      if (!isStep(reached) || reached === recorded.current) return;
      recorded.current = reached;
      popTo.current(reached);
    };
    addEventListener("popstate", pop);
    return () => {
      removeEventListener("popstate", pop);
      // By now the entry is the page the wizard was left for (or went back to).
      history.scrollRestoration = "auto";
    };
  }, []);

  useEffect(() => {
    if (step === recorded.current) return;
    recorded.current = step;
    history.pushState(withStep(step), "");
  }, [step]);
}

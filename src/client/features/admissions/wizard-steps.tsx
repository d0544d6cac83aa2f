/** The wizard's step indicator: four numbered steps, the current one marked; any step can be opened. */
import { cx } from "../../ui/cx.ts";
import { STEPS, type StepIndex } from "./application-form.ts";

export function WizardSteps({ current, onSelect }: { current: StepIndex; onSelect: (step: StepIndex) => void }) {
  return (
    <nav className="wizard-steps" aria-label="Application steps">
      <ol className="wizard-steps__list">
        {STEPS.map((s, i) => (
          <li key={s.id} className={cx("wizard-steps__item", i === current && "is-current", i < current && "is-past")}>
            <button
              type="button"
              className="wizard-steps__button"
              aria-current={i === current ? "step" : undefined}
              onClick={() => onSelect(i as StepIndex)}
            >
              <span className="wizard-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="wizard-steps__label">{s.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The wizard's step indicator: four numbered steps, the current one marked; any step can be opened. */
import { admission } from "../../../shared/i18n/admission.ts";
import { useT } from "../../lib/i18n.tsx";
import { cx } from "../../ui/cx.ts";
import { STEPS, type StepIndex, stepTitle } from "./application-form.ts";

export function WizardSteps({ current, onSelect }: { current: StepIndex; onSelect: (step: StepIndex) => void }) {
  const t = useT(admission);
  return (
    <nav className="wizard-steps" aria-label={t("steps")}>
      <ol className="wizard-steps__list list-plain">
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
              <span className="wizard-steps__label">{stepTitle(i as StepIndex)}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Page-level messages. Errors interrupt (role="alert"); success, info and warnings wait their turn (role="status"). */
import type { ReactNode } from "react";
import { common } from "../../shared/i18n/common.ts";
import { useT } from "../lib/i18n.tsx";
import { cx } from "./cx.ts";
import { CloseIcon, TONE_ICONS } from "./icons.tsx";

export type AlertTone = "error" | "success" | "info" | "warning";

export type AlertProps = {
  tone: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  /** Shows a "Dismiss" button. */
  onDismiss?: () => void;
  className?: string;
};

export function Alert({ tone, title, children, onDismiss, className }: AlertProps) {
  const t = useT(common);
  const Icon = TONE_ICONS[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cx("ui-alert", `ui-alert--${tone}`, className)}>
      <span className="ui-alert__icon">
        <Icon size={20} />
      </span>
      <div className="ui-alert__content">
        {title !== undefined ? <p className="ui-alert__title">{title}</p> : null}
        <div className="ui-alert__body">{children}</div>
      </div>
      {onDismiss ? (
        <button type="button" className="ui-alert__dismiss" aria-label={t("dismiss")} onClick={onDismiss}>
          <CloseIcon size={18} />
        </button>
      ) : null}
    </div>
  );
}

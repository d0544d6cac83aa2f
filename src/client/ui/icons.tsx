/** The few icons the site needs, as inline SVG: no icon font or library on the critical path. */
import type { ReactNode } from "react";

export type IconProps = {
  /** Width and height in px (default 20). */
  size?: number;
  /** Give a title only when the icon carries meaning on its own; otherwise it is hidden from assistive tech. */
  title?: string;
  className?: string;
};

export type Icon = (props: IconProps) => ReactNode;

/**
 * Makes an icon of the one set (24-px grid, 2-px stroke) from its outlines, one SVG path each (a circle or a
 * rounded rectangle is written as the path of the same geometry: the icons are data, not markup). Admin-only
 * icons live in ui/admin-icons.tsx so the public pages do not load them.
 */
export function icon(...outlines: string[]): Icon {
  return ({ size = 20, title, className }: IconProps) => (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={className ? `ui-icon ${className}` : "ui-icon"}
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
    >
      {title ? <title>{title}</title> : null}
      {outlines.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const MenuIcon = /* @__PURE__ */ icon("M4 6h16M4 12h16M4 18h16");
export const CloseIcon = /* @__PURE__ */ icon("M18 6 6 18M6 6l12 12");

export const AlertIcon = /* @__PURE__ */ icon(
  "M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0Z",
  "M12 9v4M12 17h.01",
);
export const AlertCircleIcon = /* @__PURE__ */ icon("M22 12a10 10 0 0 1-20 0 10 10 0 0 1 20 0Z", "M12 8v4M12 16h.01");
export const CheckCircleIcon = /* @__PURE__ */ icon("M22 12a10 10 0 0 1-20 0 10 10 0 0 1 20 0Z", "m8 12 3 3 5-6");
export const InfoIcon = /* @__PURE__ */ icon("M22 12a10 10 0 0 1-20 0 10 10 0 0 1 20 0Z", "M12 16v-4M12 8h.01");

export const UsersIcon = /* @__PURE__ */ icon(
  "M13 8a4 4 0 0 1-8 0 4 4 0 0 1 8 0Z",
  "M2 21a7 7 0 0 1 14 0M16 3.13a4 4 0 0 1 0 7.75M22 21a7 7 0 0 0-4.5-6.53",
);
export const SunIcon = /* @__PURE__ */ icon(
  "M16 12a4 4 0 0 1-8 0 4 4 0 0 1 8 0Z",
  "M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41",
);
export const MoonIcon = /* @__PURE__ */ icon("M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79Z");
export const MailIcon = /* @__PURE__ */ icon("M2 6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2Z", "m22 6-10 7L2 6");
export const PhoneIcon = /* @__PURE__ */ icon(
  "M22 16.92v3a2 2 0 0 1-2.18 2 19.8 19.8 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.12 4.18 2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.91.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92Z",
);
export const MapPinIcon = /* @__PURE__ */ icon("M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0Z", "M15 10a3 3 0 0 1-6 0 3 3 0 0 1 6 0Z");
export const GraduationCapIcon = /* @__PURE__ */ icon("M22 10 12 5 2 10l10 5 10-5ZM6 12v5c0 1.66 2.69 3 6 3s6-1.34 6-3v-5M22 10v6");
export const BellIcon = /* @__PURE__ */ icon("M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0");
export const FileIcon = /* @__PURE__ */ icon("M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8ZM14 2v6h6M8 13h8M8 17h5");
export const CalendarIcon = /* @__PURE__ */ icon(
  "M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z",
  "M16 2v4M8 2v4M3 10h18",
);

/** The icon of each message tone: an alert and a toast of one tone draw the same. */
export const TONE_ICONS = { error: AlertCircleIcon, success: CheckCircleIcon, info: InfoIcon, warning: AlertIcon } as const;

/**
 * The admin screens' icons: the same set as ui/icons.tsx (its `icon` factory and style), in their own module
 * so the public pages' bundle does not carry them.
 */
import { icon } from "./icons.tsx";

/** Send credentials: a key. */
export const KeyIcon = /* @__PURE__ */ icon("M7.5 10a5.5 5.5 0 1 0 0 11 5.5 5.5 0 1 0 0-11Z", "m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3");
/** Activate / deactivate: a power symbol. */
export const PowerIcon = /* @__PURE__ */ icon("M12 2v10M18.36 6.64a9 9 0 1 1-12.73 0");
/** Reply to an inquiry. */
export const ReplyIcon = /* @__PURE__ */ icon("m9 17-5-5 5-5M20 18v-2a4 4 0 0 0-4-4H4");
/** The activity log. */
export const ActivityIcon = /* @__PURE__ */ icon("M22 12h-4l-3 9L9 3l-3 9H2");
/** Security notifications. */
export const ShieldIcon = /* @__PURE__ */ icon("M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z");
/** Support tickets. */
export const LifeBuoyIcon = /* @__PURE__ */ icon(
  "M22 12a10 10 0 0 1-20 0 10 10 0 0 1 20 0Z",
  "M16 12a4 4 0 0 1-8 0 4 4 0 0 1 8 0Z",
  "m4.93 4.93 4.24 4.24M14.83 14.83l4.24 4.24M14.83 9.17l4.24-4.24M4.93 19.07l4.24-4.24",
);
/** System notifications. */
export const ServerIcon = /* @__PURE__ */ icon(
  "M2 5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2Z",
  "M2 15a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2Z",
  "M6 7h.01M6 17h.01",
);
/** Marks as read / resolved. */
export const CheckDoubleIcon = /* @__PURE__ */ icon("M18 7 7.5 17.5 3 13M22 10l-7.5 7.5L13 16");
/** A rising or falling figure. */
export const TrendUpIcon = /* @__PURE__ */ icon("m22 7-8.5 8.5-5-5L2 17M16 7h6v6");
export const TrendDownIcon = /* @__PURE__ */ icon("m22 17-8.5-8.5-5 5L2 7M16 17h6v-6");
export const ArrowRightIcon = /* @__PURE__ */ icon("M5 12h14M12 5l7 7-7 7");

export const GridIcon = /* @__PURE__ */ icon(
  "M3 4a1 1 0 0 1 1-1h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z",
  "M14 4a1 1 0 0 1 1-1h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1H15a1 1 0 0 1-1-1Z",
  "M3 15a1 1 0 0 1 1-1h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z",
  "M14 15a1 1 0 0 1 1-1h5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1H15a1 1 0 0 1-1-1Z",
);
export const ListIcon = /* @__PURE__ */ icon("M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01");
export const FolderIcon = /* @__PURE__ */ icon("M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2Z");
export const HardDriveIcon = /* @__PURE__ */ icon(
  "M22 12H2M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11Z",
  "M6 16h.01M10 16h.01",
);
/** Staff accounts: a person with a badge of office. */
export const UserCogIcon = /* @__PURE__ */ icon(
  "M13 7a4 4 0 0 1-8 0 4 4 0 0 1 8 0Z",
  "M2 21v-2a4 4 0 0 1 4-4h6M18 15v-1.5M18 21.5V20M21.5 17.5H20M16 17.5h-1.5M19.8 15.7l-.9.9M17.1 18.4l-.9.9M19.8 19.3l-.9-.9M17.1 16.6l-.9-.9",
  "M19.5 17.5a1.5 1.5 0 0 1-3 0 1.5 1.5 0 0 1 3 0Z",
);
/** Notices & events: a megaphone (the bell is the notifications'). */
export const MegaphoneIcon = /* @__PURE__ */ icon("m3 11 18-5v12L3 14Z", "M11.6 16.8a3 3 0 1 1-5.8-1.6");

/**
 * Icons of the one set (ui/icons.tsx) that the first screen does not draw. They live apart so the first
 * download carries only the frame's and the home page's icons; the pages that use these share this module.
 */
import { icon } from "./icons.tsx";

export const ChevronLeftIcon = /* @__PURE__ */ icon("m15 18-6-6 6-6");

export const ChevronRightIcon = /* @__PURE__ */ icon("m9 18 6-6-6-6");

export const ChevronDownIcon = /* @__PURE__ */ icon("m6 9 6 6 6-6");

export const CheckIcon = /* @__PURE__ */ icon("M20 6 9 17l-5-5");

export const PlusIcon = /* @__PURE__ */ icon("M12 5v14M5 12h14");

export const HelpCircleIcon = /* @__PURE__ */ icon(
  "M22 12a10 10 0 0 1-20 0 10 10 0 0 1 20 0Z",
  "M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3M12 17h.01",
);

export const UserIcon = /* @__PURE__ */ icon("M16 8a4 4 0 0 1-8 0 4 4 0 0 1 8 0Z", "M4.5 21a7.5 7.5 0 0 1 15 0");

export const LogoutIcon = /* @__PURE__ */ icon("M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9");

export const SettingsIcon = /* @__PURE__ */ icon(
  "M10.26 5.01L10.61 2.10A10 10 0 0 1 13.39 2.10L13.74 5.01A7.2 7.2 0 0 1 15.71 5.83L18.02 4.01A10 10 0 0 1 19.99 5.98L18.17 8.29A7.2 7.2 0 0 1 18.99 10.26L21.90 10.61A10 10 0 0 1 21.90 13.39L18.99 13.74A7.2 7.2 0 0 1 18.17 15.71L19.99 18.02A10 10 0 0 1 18.02 19.99L15.71 18.17A7.2 7.2 0 0 1 13.74 18.99L13.39 21.90A10 10 0 0 1 10.61 21.90L10.26 18.99A7.2 7.2 0 0 1 8.29 18.17L5.98 19.99A10 10 0 0 1 4.01 18.02L5.83 15.71A7.2 7.2 0 0 1 5.01 13.74L2.10 13.39A10 10 0 0 1 2.10 10.61L5.01 10.26A7.2 7.2 0 0 1 5.83 8.29L4.01 5.98A10 10 0 0 1 5.98 4.01L8.29 5.83A7.2 7.2 0 0 1 10.26 5.01Z",
  "M15 12a3 3 0 0 1-6 0 3 3 0 0 1 6 0Z",
);

export const EyeIcon = /* @__PURE__ */ icon("M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z", "M15 12a3 3 0 0 1-6 0 3 3 0 0 1 6 0Z");

export const EyeOffIcon = /* @__PURE__ */ icon(
  "M9.88 4.24A9.4 9.4 0 0 1 12 4c6.5 0 10 8 10 8a18.5 18.5 0 0 1-2.16 3.19M6.61 6.61A13.5 13.5 0 0 0 2 12s3.5 8 10 8a9.7 9.7 0 0 0 5.39-1.61M14.12 14.12a3 3 0 1 1-4.24-4.24M2 2l20 20",
);

export const HomeIcon = /* @__PURE__ */ icon("M3 10.5 12 3l9 7.5M5 9v11a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9");

export const ImageIcon = /* @__PURE__ */ icon(
  "M3 5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z",
  "M10 8.5a1.5 1.5 0 0 1-3 0 1.5 1.5 0 0 1 3 0Z",
  "m21 15-5-5L5 21",
);

export const BookIcon = /* @__PURE__ */ icon(
  "M4 19.5A2.5 2.5 0 0 1 6.5 17H20M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2Z",
);

export const BarChartIcon = /* @__PURE__ */ icon("M3 3v18h18M8 17v-5M13 17V7M18 17v-8");

export const SearchIcon = /* @__PURE__ */ icon("M18 11a7 7 0 0 1-14 0 7 7 0 0 1 14 0Z", "m21 21-4.35-4.35");

export const UploadIcon = /* @__PURE__ */ icon("M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12");

export const DownloadIcon = /* @__PURE__ */ icon("M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3");

export const TrashIcon = /* @__PURE__ */ icon(
  "M3 6h18M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6M9 6V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2",
);

export const EditIcon = /* @__PURE__ */ icon("M12 20h9M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z");
export const CreditCardIcon = /* @__PURE__ */ icon(
  "M2 7a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2Z",
  "M2 10h20M6 15h4",
);

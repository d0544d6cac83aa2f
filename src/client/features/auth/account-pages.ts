/**
 * The account pages a person opens now and then — forgot password, the code, a new password, the
 * first-login link, the forced password change — as one chunk: every chunk is an entry in the main
 * script's chunk map, which the / page's JavaScript budget counts (routes.tsx).
 */
export { default as ChangePasswordPage } from "./change-password-page.tsx";
export { default as FirstLoginPage } from "./first-login-page.tsx";
export { default as ForgotPasswordPage } from "./forgot-password-page.tsx";
export { default as ResetPasswordPage } from "./reset-password-page.tsx";
export { default as VerifyOtpPage } from "./verify-otp-page.tsx";

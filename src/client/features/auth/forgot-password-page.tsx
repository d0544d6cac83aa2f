/** Placeholder until its issue builds this page. */
import AuthPlaceholderPage from "./placeholder-page.tsx";

export default function ForgotPasswordPage() {
  return <AuthPlaceholderPage page="forgot-password" />;
}

/** Placeholder until its issue builds this page. */
import AuthPlaceholderPage from "./placeholder-page.tsx";

export default function ResetPasswordPage() {
  return <AuthPlaceholderPage page="reset-password" />;
}

/** Placeholder until its issue builds this page. */
import AuthPlaceholderPage from "./placeholder-page.tsx";

export default function VerifyOtpPage() {
  return <AuthPlaceholderPage page="verify-otp" />;
}

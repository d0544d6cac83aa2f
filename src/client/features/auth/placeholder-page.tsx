/** The password-reset screens, which a later issue builds (spec part 1 §2). */
import { Link } from "wouter";
import { BeingBuilt } from "../../layouts/being-built.tsx";
import { buttonClass } from "../../ui/button.tsx";

const PAGES = {
  "forgot-password": "Forgot Password",
  "verify-otp": "Verify Code",
  "reset-password": "Reset Password",
} as const;

export type AuthPlaceholder = keyof typeof PAGES;

export default function AuthPlaceholderPage({ page }: { page: AuthPlaceholder }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <BeingBuilt
          title={PAGES[page]}
          text="Resetting a password online is being built. Until then, please contact the institute's office and we will help you sign in."
        >
          <Link href="/login" className={buttonClass("primary", "md")}>
            Back to Sign in
          </Link>
        </BeingBuilt>
      </div>
    </main>
  );
}

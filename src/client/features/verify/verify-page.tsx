/** Placeholder until its issue builds this page. */
import PublicPlaceholderPage from "../site/placeholder-page.tsx";

export default function VerifyCardPage() {
  return <PublicPlaceholderPage page="about" />;
}

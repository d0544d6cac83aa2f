/** Placeholder until its issue builds this page. */
import PublicPlaceholderPage from "../site/placeholder-page.tsx";

export default function AdmissionStatusPage() {
  return <PublicPlaceholderPage page="admission-status" />;
}

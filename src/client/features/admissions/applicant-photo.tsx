/** The applicant's photo (fetched with the admin's token) or, until it arrives or when there is none, their initial. */
import { cx } from "../../ui/cx.ts";
import { useAuthorizedObjectUrl } from "./use-authorized-object-url.ts";

export function ApplicantPhoto({ name, url, size = "md" }: { name: string; url: string | null | undefined; size?: "md" | "lg" }) {
  const file = useAuthorizedObjectUrl(url);
  const className = cx("avatar", `avatar--${size}`, "applicant-photo");
  if (file.state === "ready") return <img className={className} src={file.url} alt="" />;
  return (
    <span className={className} aria-hidden="true">
      {name.trim().charAt(0).toLocaleUpperCase() || "?"}
    </span>
  );
}

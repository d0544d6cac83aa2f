/** A person's photo, or the first letter of their name when there is none (or it fails to load). */
import { useState } from "react";

export function Avatar({ name, photoUrl, size = "md" }: { name: string; photoUrl?: string | null; size?: "sm" | "md" | "lg" }) {
  const [broken, setBroken] = useState<string | null>(null);
  const initial = name.trim().charAt(0).toLocaleUpperCase() || "?";
  const className = `avatar avatar--${size}`;
  if (photoUrl && broken !== photoUrl) {
    return <img className={className} src={photoUrl} alt="" onError={() => setBroken(photoUrl)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initial}
    </span>
  );
}

/** What a page does once one of its dialogs has saved: close it, show the server's words, reload what changed. */
import { useToast } from "./toast.tsx";

/**
 * `const saved = useSaved(refresh)`, then `onSaved={saved(() => setEditing(null))}`: the dialog closes, the
 * answer's message shows in a toast, and `reload` fetches what the change touched.
 */
export function useSaved(reload: () => unknown) {
  const toast = useToast();
  return (close: () => void) => (message: string) => {
    close();
    toast.show(message);
    void reload();
  };
}

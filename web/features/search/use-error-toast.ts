// One toast per failure of a query (§8): `errorUpdatedAt` changes with every new failure while
// the error object may not, and a shared id replaces the previous toast instead of stacking.
import { useEffect } from "react";
import { notifyError } from "@web/components/ui/toast";

export function useErrorToast(error: unknown, errorUpdatedAt: number, text: { title?: string; description: string }, id: string): void {
  useEffect(() => {
    if (error) notifyError(text.description, { title: text.title, id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);
}

// Toast helpers so every screen phrases toasts the way the spec catalogues them (§8): a title,
// an optional description, and "destructive" for failures. Error toasts are titled "Error".
import { type ExternalToast, toast } from "sonner";
import { ERROR_TOAST_TITLE } from "@shared/messages";

export { toast };

export interface NotifyOptions {
  description?: string;
  /** Milliseconds; sonner's default is 4 s. */
  duration?: number;
  action?: { label: string; onClick: () => void };
  /** Reusing an id replaces a toast instead of stacking a duplicate. */
  id?: string | number;
  variant?: "default" | "success" | "destructive";
}

function toSonner(options: NotifyOptions): ExternalToast {
  const { description, duration, action, id } = options;
  return { description, duration, action, id };
}

export function notify(title: string, options: NotifyOptions = {}): string | number {
  switch (options.variant ?? "default") {
    case "success":
      return toast.success(title, toSonner(options));
    case "destructive":
      return toast.error(title, toSonner(options));
    default:
      return toast(title, toSonner(options));
  }
}

export function notifySuccess(title: string, options: Omit<NotifyOptions, "variant"> = {}) {
  return notify(title, { ...options, variant: "success" });
}

/** `notifyError("Failed to load posts")` shows the spec's destructive "Error" toast. */
export function notifyError(description: string, options: Omit<NotifyOptions, "variant" | "description"> & { title?: string } = {}) {
  const { title = ERROR_TOAST_TITLE, ...rest } = options;
  return notify(title, { ...rest, description, variant: "destructive" });
}

// The buyer's downloads on the order page: the product file, a delivered file, a delivered audio
// version. Each asks for a signed link valid for minutes and follows it at once: the answer is an
// attachment, so the browser saves the file and the page stays where it is.
import { Download } from "lucide-react";
import { useState } from "react";
import type { OrderDetail } from "@shared/checkout-api";
import { CHECKOUT_SCREEN_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { notifyError } from "@web/components/ui/toast";
import { checkoutCalls } from "../api";

/**
 * The states in which a service's delivered files stay downloadable (the server's canDownload):
 * the API's "download" action names the product file only, and offers delivery files in `files`.
 */
const FILES_DOWNLOADABLE: readonly OrderDetail["status"][] = ["delivered", "in_progress", "completed"];

/** True when the buyer may download the order's delivered files and versions now. */
export function deliveryDownloadable(order: OrderDetail): boolean {
  return order.role === "buyer" && FILES_DOWNLOADABLE.includes(order.status);
}

export function DownloadButton({
  orderId,
  fileId,
  label,
  accessibleName,
  size = "lg",
  testId,
}: {
  orderId: string;
  /** A delivery file (or a version's file); none for the digital product's file. */
  fileId?: string;
  label: string;
  accessibleName?: string;
  size?: "sm" | "md" | "lg";
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const link = await checkoutCalls.downloadLink(orderId, fileId);
      window.location.assign(link.url);
    } catch (error) {
      notifyError(error instanceof Error && error.message ? error.message : CHECKOUT_SCREEN_TEXTS.downloadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant={fileId ? "outline" : "primary"}
      className={fileId ? undefined : "w-full"}
      disabled={busy}
      onClick={() => void download()}
      aria-label={accessibleName}
      data-testid={testId}
    >
      <Download aria-hidden /> {label}
    </Button>
  );
}

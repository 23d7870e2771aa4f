// The versions of a delivery, newest first (issue #31 item 2): vN, the seller's note, when, how
// long, its loudness (decision record 0092), delivered or not, "Listen" to put it in the player, and a download. The buyer downloads a
// version as any delivered file (a signed link); the seller's own audio route is a plain link.
import { Download, Headphones } from "lucide-react";
import type { OrderDetail } from "@shared/checkout-api";
import { formatDuration } from "@shared/media-format";
import { REVISION_SCREEN_TEXTS as T } from "@shared/messages";
import type { OrderVersion } from "@shared/revisions-api";
import { LoudnessReadout } from "@web/components/audio/loudness-readout";
import { RelativeTime } from "@web/components/relative-time";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonVariants } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { deliveryDownloadable, DownloadButton } from "../download-button";

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

export function VersionList({ order, currentId, onListen }: { order: OrderDetail; currentId: string | null; onListen: (version: OrderVersion) => void }) {
  const buyerDownloads = deliveryDownloadable(order);
  const newestFirst = [...order.versions].reverse();
  return (
    <ul aria-label={T.versionsLabel} className="space-y-2" data-testid="version-list">
      {newestFirst.map((version) => {
        const inPlayer = version.id === currentId;
        return (
          <li
            key={version.id}
            className={cn("space-y-2 rounded-2xl border p-3", inPlayer && "border-primary/60")}
            data-testid="version-row"
            data-version={version.number}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-display text-base font-bold">{T.version(version.number)}</span>
              <span className="text-xs tabular-nums text-muted-foreground">{formatDuration(version.durationMs)}</span>
              {version.deliveredAt === null ? (
                <Badge variant="outline" data-testid="version-state">
                  {T.notDelivered}
                </Badge>
              ) : (
                <Badge variant="success" data-testid="version-state">
                  {T.delivered(dayFormat.format(new Date(version.deliveredAt)))}
                </Badge>
              )}
            </div>
            <LoudnessReadout loudness={version.loudness} />
            {version.note ? <p className="text-sm break-words whitespace-pre-line">{version.note}</p> : null}
            <p className="truncate text-xs text-muted-foreground">
              <RelativeTime date={version.createdAt} /> · {version.fileName}
              {version.deliveredAt === null && order.role === "seller" ? ` · ${T.sentWithNextDelivery}` : null}
            </p>
            <div className="flex flex-wrap gap-2">
              {inPlayer ? (
                <span className="inline-flex h-11 items-center gap-1.5 px-1 text-sm font-medium text-primary">
                  <Headphones className="size-4" aria-hidden /> {T.inPlayer}
                </span>
              ) : (
                <Button variant="secondary" onClick={() => onListen(version)} data-testid="version-listen">
                  <Headphones aria-hidden /> {T.listen(version.number)}
                </Button>
              )}
              {order.role === "seller" ? (
                <a href={version.audioUrl} download={version.fileName} className={buttonVariants({ variant: "outline" })} data-testid="download-version">
                  <Download aria-hidden /> {T.download(version.number)}
                </a>
              ) : buyerDownloads ? (
                <DownloadButton orderId={order.id} fileId={version.fileId} label={T.download(version.number)} size="md" testId="download-version" />
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

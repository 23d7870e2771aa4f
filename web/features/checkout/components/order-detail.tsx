// One order: what was bought and paid, the other side, the
// files, the history oldest first, and the steps the caller may take now. Which steps those are
// is the server's answer (`actions`), so the page never offers a button the lifecycle refuses:
//   seller: ship with an optional tracking note (physical), deliver with a note and optional files
//           (service), refund (any paid state);
//   buyer:  confirm received (shipped), accept delivery or request a revision (delivered),
//           download the product file or the delivered files through a short-lived signed link.
// Issue #26: the package bought, a card dispute (access paused while open), and for a paid digital
// product that the download completes the sale (or the cron, 3 days after payment).
// Issue #31: a service's audio versions with their A/B player and revision notes
// (./versions/order-versions.tsx); a revision request says how many draft notes it sends, and the
// history names the versions a delivery sent and the notes a request gathered.
import { Link } from "@tanstack/react-router";
import { FileText, FlaskConical, PackageCheck, Paperclip, RotateCcw, Send, Truck, Undo2 } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { ORDER_NOTE_MAX, type OrderAction, type OrderDetail } from "@shared/checkout-api";
import { CHECKOUT_SCREEN_TEXTS, PAYOUTS_SCREEN_TEXTS, REVISION_SCREEN_TEXTS } from "@shared/messages";
import { formatCents } from "@shared/rules/price";
import { TextareaField } from "@web/components/form-field";
import { RelativeTime } from "@web/components/relative-time";
import { Avatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { profilePath } from "@web/lib/app-paths";
import { checkoutCalls, useOrderStep, type OrderStep } from "../api";
import { OrderDisputeBadge, OrderStatusBadge } from "@web/components/order-status-badge";
import { deliveryDownloadable, DownloadButton } from "./download-button";
import { OrderReview } from "./order-review";
import { HistoryRevisionDetails } from "./versions/history-details";
import { OrderVersions } from "./versions/order-versions";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

export function OrderDetailView({ order }: { order: OrderDetail }) {
  const can = (action: OrderAction) => order.actions.includes(action);
  const counterpartName = order.counterpart.displayName ?? order.counterpart.username ?? "";
  return (
    <div className="space-y-5" data-testid="order-detail">
      <section className="space-y-3 rounded-[var(--radius-card)] border bg-card p-5 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <OrderDisputeBadge dispute={order.dispute} />
          {order.testMode ? (
            <Badge variant="outline" className="border-amber-500 text-amber-700 dark:text-amber-400">
              <FlaskConical aria-hidden /> {CHECKOUT_SCREEN_TEXTS.testModeBadge}
            </Badge>
          ) : null}
        </div>
        <h1 className="font-display text-2xl font-bold tracking-tight break-words">{order.itemName}</h1>
        {order.dispute ? (
          <p className="text-sm" data-testid="order-dispute-hint">
            {PAYOUTS_SCREEN_TEXTS.orders.disputeHints[order.dispute]}
          </p>
        ) : null}
        <dl className="text-sm">
          {order.packageLabel ? <Row label={PAYOUTS_SCREEN_TEXTS.orders.package} value={order.packageLabel} testId="order-package" /> : null}
          <Row label={CHECKOUT_SCREEN_TEXTS.price} value={formatCents(order.priceCents)} />
          <Row label={CHECKOUT_SCREEN_TEXTS.platformFee} value={formatCents(order.feeCents)} />
          <Row label={CHECKOUT_SCREEN_TEXTS.total} value={formatCents(order.totalCents)} strong />
        </dl>
        <Link to={profilePath(order.counterpart.id)} className="flex items-center gap-3 rounded-2xl border p-3 transition hover:bg-muted" data-testid="order-counterpart">
          <Avatar src={order.counterpart.avatarUrl} name={counterpartName} size="sm" />
          <span className="min-w-0">
            <span className="block text-xs text-muted-foreground">{order.role === "buyer" ? CHECKOUT_SCREEN_TEXTS.seller : CHECKOUT_SCREEN_TEXTS.buyer}</span>
            <span className="block truncate font-medium">{counterpartName}</span>
          </span>
        </Link>
        <Completion order={order} />
      </section>

      {/* The versions and delivered files come first: a buyer listens before accepting. */}
      <OrderVersions order={order} />
      <Files order={order} />
      <Actions order={order} can={can} />
      <OrderReview order={order} />

      <section aria-labelledby="order-history" className="space-y-3">
        <h2 id="order-history" className="font-display text-lg font-semibold">
          {CHECKOUT_SCREEN_TEXTS.history}
        </h2>
        <ol className="space-y-3 border-l-2 border-border pl-4" data-testid="order-history">
          {order.history.map((entry) => (
            <li key={entry.id} className="relative">
              <span className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-primary" aria-hidden />
              <p className="text-sm font-medium">
                {CHECKOUT_SCREEN_TEXTS.statusLabels[entry.status]}
                <span className="font-normal text-muted-foreground">
                  {" · "}
                  {CHECKOUT_SCREEN_TEXTS.actors[entry.actor]} · <RelativeTime date={entry.createdAt} />
                </span>
              </p>
              {entry.note ? <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{entry.note}</p> : null}
              <HistoryRevisionDetails entry={entry} order={order} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? "mt-1 flex justify-between border-t pt-2 font-semibold" : "flex justify-between gap-3 py-0.5"}>
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="tabular-nums text-right" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * When the order completes by itself. A paid digital product completes when its buyer downloads
 * it, or by the cron 3 days after payment: the buyer reads that downloading completes it, the
 * seller when it counts as earned. Nothing is promised while a dispute is open.
 */
function Completion({ order }: { order: OrderDetail }) {
  const date = order.autoCompleteAt ? dateFormat.format(new Date(order.autoCompleteAt)) : null;
  if (order.dispute === "open") return null;
  if (order.kind === "digital" && order.status === "paid") {
    const O = PAYOUTS_SCREEN_TEXTS.orders;
    return (
      <p className="text-xs text-muted-foreground" data-testid="order-auto-complete">
        {order.role === "buyer" ? O.digitalBuyer(date) : O.digitalSeller(date)}
      </p>
    );
  }
  if (!date) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="order-auto-complete">
      {CHECKOUT_SCREEN_TEXTS.autoCompletes(date)}
    </p>
  );
}

/** The steps the caller may take now, one card each. */
function Actions({ order, can }: { order: OrderDetail; can: (action: OrderAction) => boolean }) {
  const step = useOrderStep(order.id);
  const run = (value: OrderStep, done: string = CHECKOUT_SCREEN_TEXTS.orderUpdated) =>
    step.mutateAsync(value).then(
      () => {
        notifySuccess(done);
        return true;
      },
      (error: unknown) => {
        notifyError(error instanceof Error && error.message ? error.message : CHECKOUT_SCREEN_TEXTS.actionFailed);
        return false;
      },
    );

  const cards: ReactNode[] = [];
  if (can("ship")) {
    cards.push(<NoteAction key="ship" label={CHECKOUT_SCREEN_TEXTS.trackingNote} submit={CHECKOUT_SCREEN_TEXTS.ship} icon={<Truck aria-hidden />} busy={step.isPending} onSubmit={(note) => run({ action: "ship", note })} />);
  }
  if (can("deliver")) {
    cards.push(<DeliverAction key="deliver" order={order} canAttach={can("attach-file")} busy={step.isPending} onDeliver={(note) => run({ action: "deliver", note })} />);
  }
  // The buyer's draft notes on the versions: a revision request sends them (the server gathers them).
  const hasVersions = order.versions.length > 0;
  const drafts = order.notes.filter((note) => note.state === "draft").length;
  if (can("complete")) {
    cards.push(
      <div key="complete" className="space-y-2">
        <Button size="lg" className="w-full" disabled={step.isPending} onClick={() => void run({ action: "complete" })}>
          <PackageCheck aria-hidden /> {order.kind === "service" ? CHECKOUT_SCREEN_TEXTS.acceptDelivery : CHECKOUT_SCREEN_TEXTS.confirmReceived}
        </Button>
        {drafts > 0 ? (
          <p className="text-center text-xs text-muted-foreground" data-testid="accept-drafts-hint">
            {REVISION_SCREEN_TEXTS.acceptDropsDrafts(drafts)}
          </p>
        ) : null}
      </div>,
    );
  }
  if (can("request-revision")) {
    cards.push(
      <NoteAction
        key="revision"
        label={CHECKOUT_SCREEN_TEXTS.revisionNote}
        submit={CHECKOUT_SCREEN_TEXTS.requestRevision}
        icon={<RotateCcw aria-hidden />}
        variant="outline"
        busy={step.isPending}
        hint={hasVersions ? (drafts > 0 ? REVISION_SCREEN_TEXTS.requestSends(drafts) : REVISION_SCREEN_TEXTS.requestSendsNone) : undefined}
        onSubmit={(note) => run({ action: "request-revision", note }, hasVersions ? REVISION_SCREEN_TEXTS.revisionRequested(drafts) : undefined)}
      />,
    );
  }
  if (can("download") && order.hasProductFile) {
    cards.push(<DownloadButton key="download" orderId={order.id} label={`${CHECKOUT_SCREEN_TEXTS.download} · ${CHECKOUT_SCREEN_TEXTS.productFile}`} testId="download-product" />);
  }
  if (can("refund")) cards.push(<RefundAction key="refund" busy={step.isPending} onRefund={() => run({ action: "refund" })} />);

  if (cards.length === 0) return null;
  return (
    <section className="space-y-3" data-testid="order-actions" aria-busy={step.isPending}>
      {cards}
    </section>
  );
}

function NoteAction({
  label,
  submit,
  icon,
  variant = "primary",
  busy,
  hint,
  onSubmit,
}: {
  label: string;
  submit: string;
  icon: ReactNode;
  variant?: "primary" | "outline";
  busy: boolean;
  /** A line above the button (what a revision request sends with it). */
  hint?: string;
  onSubmit: (note: string) => Promise<boolean>;
}) {
  const [note, setNote] = useState("");
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(note)) setNote("");
  };
  return (
    <form onSubmit={(event) => void send(event)} className="space-y-3 rounded-[var(--radius-card)] border p-4">
      <TextareaField label={label} value={note} onChange={(event) => setNote(event.target.value)} limit={ORDER_NOTE_MAX} length={note.length} rows={2} className="min-h-16" />
      {hint ? (
        <p className="text-sm text-muted-foreground" data-testid="revision-notes-count">
          {hint}
        </p>
      ) : null}
      <Button type="submit" variant={variant} className="w-full" disabled={busy}>
        {icon} {submit}
      </Button>
    </form>
  );
}

/**
 * The seller's delivery: files go up first, each through the upload client with its progress
 * (the server attaches them to the next delivery), then the delivery itself with its note.
 */
function DeliverAction({ order, canAttach, busy, onDeliver }: { order: OrderDetail; canAttach: boolean; busy: boolean; onDeliver: (note: string) => Promise<boolean> }) {
  const [note, setNote] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const attached = order.files.filter((file) => file.deliveredAt === null);
  const versionOf = new Map(order.versions.map((version) => [version.fileId, version.number]));

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const pending = [...files];
    for (const file of pending) {
      setUploading({ name: file.name, percent: 0 });
      try {
        await checkoutCalls.uploadFile(order.id, file, (loaded) => setUploading({ name: file.name, percent: file.size ? Math.round((loaded / file.size) * 100) : 100 }));
        // Uploaded files stay attached on the server; a retry after a later failure skips them.
        setFiles((current) => current.filter((f) => f !== file));
      } catch (error) {
        setUploading(null);
        notifyError(error instanceof Error && error.message ? error.message : CHECKOUT_SCREEN_TEXTS.uploadFailed, { title: CHECKOUT_SCREEN_TEXTS.uploadFailed });
        return;
      }
    }
    setUploading(null);
    if (await onDeliver(note)) setNote("");
  };

  return (
    <form onSubmit={(event) => void send(event)} className="space-y-3 rounded-[var(--radius-card)] border p-4" data-testid="deliver-form">
      <TextareaField label={CHECKOUT_SCREEN_TEXTS.deliveryNote} value={note} onChange={(event) => setNote(event.target.value)} limit={ORDER_NOTE_MAX} length={note.length} rows={3} />
      {attached.length > 0 ? (
        <div className="space-y-1">
          <p className="text-xs text-muted-foreground">{CHECKOUT_SCREEN_TEXTS.attachedFiles}</p>
          <ul className="space-y-1 text-sm">
            {attached.map((file) => (
              <li key={file.id} className="flex items-center gap-2">
                <Paperclip className="size-3.5 text-muted-foreground" aria-hidden />{" "}
                {versionOf.has(file.id) ? REVISION_SCREEN_TEXTS.attachedVersion(file.name, versionOf.get(file.id)!) : file.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {canAttach ? (
        <label className="flex flex-col gap-2 text-sm font-medium">
          {CHECKOUT_SCREEN_TEXTS.deliveryFiles}
          <input
            type="file"
            multiple
            className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          />
        </label>
      ) : null}
      {uploading ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="delivery-upload-progress">
          <Spinner className="size-4" label={CHECKOUT_SCREEN_TEXTS.uploading(uploading.name)} /> {CHECKOUT_SCREEN_TEXTS.uploading(uploading.name)} {uploading.percent}%
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy || uploading !== null}>
        <Send aria-hidden /> {CHECKOUT_SCREEN_TEXTS.deliver}
      </Button>
    </form>
  );
}

function RefundAction({ busy, onRefund }: { busy: boolean; onRefund: () => Promise<boolean> }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="outline" className="w-full text-destructive" disabled={busy} onClick={() => setConfirming(true)}>
        <Undo2 aria-hidden /> {CHECKOUT_SCREEN_TEXTS.refund}
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby="refund-confirm" className="space-y-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 p-4">
      <p id="refund-confirm" className="text-sm">
        {CHECKOUT_SCREEN_TEXTS.refundConfirm}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" onClick={() => setConfirming(false)}>
          {CHECKOUT_SCREEN_TEXTS.cancel}
        </Button>
        <Button variant="destructive" className="flex-1" disabled={busy} onClick={() => void onRefund().then(() => setConfirming(false))}>
          {CHECKOUT_SCREEN_TEXTS.refund}
        </Button>
      </div>
    </div>
  );
}

/** Files of a service delivery: the buyer downloads them, the seller sees what was sent. */
function Files({ order }: { order: OrderDetail }) {
  // An audio version is listed with the versions, with its own download.
  const versionFiles = new Set(order.versions.map((version) => version.fileId));
  const delivered = order.files.filter((file) => file.deliveredAt !== null && !versionFiles.has(file.id));
  const downloadable = deliveryDownloadable(order);
  if (delivered.length === 0) return null;
  return (
    <section aria-labelledby="order-files" className="space-y-2">
      <h2 id="order-files" className="font-display text-lg font-semibold">
        {CHECKOUT_SCREEN_TEXTS.deliveryFilesTitle}
      </h2>
      <ul className="space-y-2" data-testid="order-files">
        {delivered.map((file) => (
          <li key={file.id} className="flex items-center gap-3 rounded-2xl border p-3">
            <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
            {downloadable ? (
              <DownloadButton orderId={order.id} fileId={file.id} label={CHECKOUT_SCREEN_TEXTS.download} accessibleName={`${CHECKOUT_SCREEN_TEXTS.download} ${file.name}`} size="sm" testId="download-file" />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

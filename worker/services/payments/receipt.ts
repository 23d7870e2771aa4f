// The printable receipt of one order (decision record 0049): a small HTML page the Worker serves,
// styled for paper by a print stylesheet, so the browser's own Print saves it as PDF and no PDF
// library has to run in the Worker. Every value is escaped; the texts are PAYMENTS_TEXTS.
import { MONEY_TEXTS, PAYMENTS_TEXTS } from "@shared/messages";
import { formatCentsExact } from "@shared/rules/price";
import { escapeHtml } from "@shared/rules/sanitize";
import type { OrderRow } from "../../db/queries/orders";

interface Party {
  username: string | null;
  displayName: string | null;
}

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

function partyLabel(party: Party): string {
  const name = party.displayName || party.username || PAYMENTS_TEXTS.someone;
  return party.username ? `${name} (@${party.username})` : name;
}

export function receiptPage(order: OrderRow, parties: { buyer: Party; seller: Party }): string {
  const t = PAYMENTS_TEXTS.receiptPage;
  const row = (label: string, value: string, cls = "") => `<tr${cls ? ` class="${cls}"` : ""}><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)} ${escapeHtml(order.id)} · Backline</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:2rem auto;padding:0 1rem;background:#fff;color:#111;line-height:1.5}
h1{font-size:1.6rem;margin:0 0 .25rem}.brand{font-weight:700;letter-spacing:.04em;color:#4c1d95}
.test{border:2px solid #a16207;background:#fef9c3;color:#422006;font-weight:700;padding:.6rem .9rem;border-radius:8px}
table{width:100%;border-collapse:collapse;margin:1rem 0}th{text-align:left;font-weight:400;color:#404040;padding:.35rem 0;vertical-align:top}
td{text-align:right;padding:.35rem 0;overflow-wrap:anywhere}tr.total th,tr.total td{font-weight:700;color:#111;border-top:1px solid #999}
.hint{color:#404040;font-size:.9rem}
@media print{body{margin:0;max-width:none}.hint{display:none}.test{border-color:#000}a{color:inherit;text-decoration:none}}</style></head>
<body>
<p class="brand">Backline</p>
<h1>${escapeHtml(t.title)}</h1>
${order.provider === "test" ? `<p class="test" role="note">${escapeHtml(t.testMode)}</p>` : ""}
<table>
${row(t.orderId, order.id)}
${row(t.status, t.statuses[order.status])}
${row(t.ordered, DATE.format(order.createdAt))}
${row(t.paid, order.paidAt === null ? t.notPaid : DATE.format(order.paidAt))}
${order.disputeStatus ? row(MONEY_TEXTS.receiptDispute, MONEY_TEXTS.dispute[order.disputeStatus]) : ""}
${row(t.seller, partyLabel(parties.seller))}
${row(t.buyer, partyLabel(parties.buyer))}
</table>
<table>
${row(t.item, order.itemName)}
${row(t.price, formatCentsExact(order.priceCents))}
${row(t.fee, formatCentsExact(order.feeCents))}
${row(t.total, `${formatCentsExact(order.totalCents)} ${order.currency.toUpperCase()}`, "total")}
</table>
<p class="hint">${escapeHtml(t.printHint)}</p>
</body></html>`;
}

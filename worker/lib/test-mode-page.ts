// The look of the Worker's own TEST MODE pages (decision record 0037): the stand-in for Stripe
// Checkout (routes/checkout.ts) and for Stripe's payout onboarding (routes/payouts.ts). One page
// frame, so every stand-in carries the same unmistakable yellow banner. `body` is trusted HTML
// built by the caller with escapeHtml around every value.
import { escapeHtml } from "@shared/rules/sanitize";

const STYLE = `body{font-family:system-ui,sans-serif;max-width:480px;margin:2rem auto;padding:0 1rem;background:#0a0a0a;color:#eee}
.banner{background:#facc15;color:#111;font-weight:700;padding:.75rem 1rem;border-radius:10px;text-align:center}
table{width:100%;margin:1.5rem 0;border-collapse:collapse}th{text-align:left;font-weight:400;color:#bbb}td{text-align:right}
tr.total th,tr.total td{font-weight:700;color:#fff;border-top:1px solid #444;padding-top:.5rem}
button{width:100%;padding:.9rem;margin:.4rem 0;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#22c55e;color:#04210f}.decline{background:#3f3f46;color:#fff}`;

export function testModePage(page: { title: string; banner: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)} · Backline</title>
<style>${STYLE}</style></head>
<body>
<p class="banner" role="note">${escapeHtml(page.banner)}</p>
<h1>${escapeHtml(page.title)}</h1>
${page.body}
</body></html>`;
}

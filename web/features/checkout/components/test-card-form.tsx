// The card form in test mode (DESIGN.md "Payments": without Stripe keys the app runs a clearly
// labelled test mode; STACK.md: Stripe.js cannot load here). It asks for no card data at all: the
// buyer picks how the test payment ends, and the server completes the order through the same
// fulfilment code a verified webhook runs.
import { FlaskConical } from "lucide-react";
import { CHECKOUT_SCREEN_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";

export interface TestCardFormProps {
  totalLabel: string;
  processing: boolean;
  onChoose: (outcome: "succeed" | "decline") => void;
}

export function TestCardForm({ totalLabel, processing, onChoose }: TestCardFormProps) {
  return (
    <section aria-label={CHECKOUT_SCREEN_TEXTS.cardFormLabel} className="space-y-4 rounded-2xl border-2 border-dashed border-amber-500/70 bg-amber-500/10 p-4" data-testid="test-card-form">
      <div className="flex items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-500 px-2.5 py-0.5 text-xs font-bold tracking-wide text-black">
          <FlaskConical className="size-3.5" aria-hidden /> {CHECKOUT_SCREEN_TEXTS.testModeBadge}
        </span>
      </div>
      <p className="text-sm">{CHECKOUT_SCREEN_TEXTS.testModeNotice}</p>
      <div className="flex flex-col gap-2">
        <Button size="lg" className="w-full" disabled={processing} onClick={() => onChoose("succeed")}>
          {processing ? <Spinner className="size-4 text-primary-foreground" label={CHECKOUT_SCREEN_TEXTS.processing} /> : null}
          {CHECKOUT_SCREEN_TEXTS.payTest} · {totalLabel}
        </Button>
        <Button variant="outline" className="w-full" disabled={processing} onClick={() => onChoose("decline")}>
          {CHECKOUT_SCREEN_TEXTS.simulateDecline}
        </Button>
      </div>
    </section>
  );
}

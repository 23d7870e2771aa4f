// Who can be paid, and where a seller's payouts stand (decision records 0039 and 0081), read from
// the stored payout_accounts row only: Stripe's account.updated webhook and the seller's refresh
// keep that row current, so answering never waits on Stripe. Pure functions: the catalogue
// queries, checkout and the payouts routes all decide with these, so they cannot disagree.
import type { PaymentsModeName, PayoutAccount, PayoutState } from "@shared/checkout-api";
import { PAYOUT_TEXTS } from "@shared/messages";

/** The stored facts these rules read (a payout_accounts row, or the columns of one). */
export interface PayoutFacts {
  mode: "stripe" | "test";
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[] | null;
  requirementsPending: string[] | null;
  disabledReason: string | null;
  syncedAt: number | null;
}

/**
 * Whether buyers can pay this seller now. With Stripe keys only a real Express account that
 * Stripe lets take charges; in test mode an account that can take charges (the TEST MODE
 * onboarding's stand-in, or a real one) — test mode mirrors real life, so `npm start` shows the
 * whole flow; where payments are unavailable, nobody.
 */
export function sellerPayable(mode: PaymentsModeName, account: Pick<PayoutFacts, "mode" | "chargesEnabled"> | null | undefined): boolean {
  if (!account || mode === "unavailable") return false;
  if (mode === "stripe" && account.mode !== "stripe") return false;
  return account.chargesEnabled;
}

/**
 * The account as this mode sees it: outside test mode a TEST MODE stand-in is no account at all
 * (it cannot receive real money), so with keys the seller is offered Stripe's onboarding.
 */
export function accountInMode<T extends Pick<PayoutFacts, "mode">>(mode: PaymentsModeName, account: T | null | undefined): T | null {
  if (!account) return null;
  return mode !== "test" && account.mode === "test" ? null : account;
}

/** The five states of shared/checkout-api.ts's PayoutState, from the stored row. */
export function payoutState(account: PayoutFacts | null): PayoutState {
  if (!account) return "not_set_up";
  if (!account.detailsSubmitted) return "details_needed";
  const due = account.requirementsDue ?? [];
  const pending = account.requirementsPending ?? [];
  if (due.length === 0 && account.chargesEnabled && account.payoutsEnabled && !account.disabledReason) return "enabled";
  const verifying = pending.length > 0 || account.disabledReason === "requirements.pending_verification";
  if (due.length === 0 && !account.chargesEnabled && verifying && (!account.disabledReason || account.disabledReason === "requirements.pending_verification")) {
    return "pending_verification";
  }
  return "restricted";
}

type RequirementKind = keyof typeof PAYOUT_TEXTS.requirements;

/**
 * Stripe's requirement codes name a field of the account or of a person on it:
 * `individual.dob.day`, `company.tax_id`, `person_1AbC.verification.document`,
 * `representative.address.line1`, `external_account`, `tos_acceptance.date`… The person (or
 * company) prefix is taken off, then the first rule whose pattern matches the rest gives the kind
 * of thing asked for; codes Stripe adds later fall back to a generic sentence.
 */
const SUBJECT = /^(?:individual|representative|person_[A-Za-z0-9]+|owners|directors|executives)\./;
const KINDS: readonly [RegExp, RequirementKind][] = [
  [/^external_account/, "bankAccount"],
  [/^tos_acceptance\./, "terms"],
  [/^business_profile\.url$/, "website"],
  [/^business_profile\.(?:mcc|product_description)$/, "businessDescription"],
  [/^business_profile\./, "businessDetails"],
  [/^business_type$/, "businessType"],
  [/^company\.tax_id/, "companyTaxId"],
  [/^company\.(?:owners|directors|executives)_provided$/, "people"],
  [/^company\.address\./, "address"],
  [/^company\.phone$/, "phone"],
  [/^company\./, "businessDetails"],
  [/^relationship\./, "people"],
  [/^(?:verification\.(?:additional_)?document|documents\.)/, "identityDocument"],
  [/^dob\./, "dateOfBirth"],
  [/^(?:id_number|ssn_last_4)$/, "idNumber"],
  [/^(?:first_name|last_name|full_name_aliases)/, "name"],
  [/^address\./, "address"],
  [/^phone$/, "phone"],
  [/^email$/, "email"],
  [/^settings\./, "settings"],
];

function requirementKind(code: string): RequirementKind {
  const subject = SUBJECT.exec(code);
  const field = subject ? code.slice(subject[0].length) : code;
  // A person named by the code but no field (e.g. "representative") means the person is missing.
  if (subject === null && /^(?:representative|owners|directors|executives|person_[A-Za-z0-9]+)$/.test(code)) return "people";
  return KINDS.find(([pattern]) => pattern.test(field))?.[1] ?? "other";
}

function disabledSentence(reason: string): string {
  const t = PAYOUT_TEXTS.disabled;
  if (reason === "requirements.past_due") return t.pastDue;
  if (reason === "requirements.pending_verification") return t.pendingVerification;
  if (reason === "under_review" || reason === "listed") return t.underReview;
  if (reason.startsWith("rejected.")) return t.rejected;
  if (reason === "platform_paused") return t.platformPaused;
  if (reason === "action_required.requested_capabilities") return t.capabilities;
  return t.other;
}

/** What Stripe still needs, each kind once in a sentence of ours, then why it is disabled if it is. */
function requirementSentences(account: Pick<PayoutFacts, "requirementsDue" | "disabledReason"> | null): string[] {
  if (!account) return [];
  const sentences: string[] = (account.requirementsDue ?? []).map((code) => PAYOUT_TEXTS.requirements[requirementKind(code)]);
  const reason = account.disabledReason;
  // "past due" adds nothing to the list of what is due, except when that list is empty.
  if (reason && reason !== "requirements.pending_verification" && (reason !== "requirements.past_due" || sentences.length === 0)) {
    sentences.push(disabledSentence(reason));
  }
  return [...new Set(sentences)];
}

/** GET /api/payouts/account's answer from the stored row. */
export function payoutAccountView(mode: PaymentsModeName, stored: PayoutFacts | null): PayoutAccount {
  const account = accountInMode(mode, stored);
  return {
    state: payoutState(account),
    chargesEnabled: account?.chargesEnabled ?? false,
    payoutsEnabled: account?.payoutsEnabled ?? false,
    requirements: requirementSentences(account),
    mode,
    syncedAt: account?.syncedAt ?? null,
  };
}

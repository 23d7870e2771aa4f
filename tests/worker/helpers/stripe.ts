// The in-memory Stripe behind the SDK's fetch client (no network; STACK.md), kept honest in both
// directions (issue #26 item 10):
// - what it answers is built by typed factories returning the SDK's own types (no casts), so an
//   object the Worker reads is shaped as Stripe's is, and a field Stripe renames breaks the build;
// - what it receives is decoded from Stripe's form encoding (parseStripeForm) and checked per
//   endpoint against a spec typed by the SDK's parameter types: an unknown top-level parameter is
//   refused with Stripe's own 400, numbers and booleans are decoded where the SDK's type says so,
//   and tests read the parameters through callsTo("refunds.create") typed as Stripe.RefundCreateParams.
// Unknown paths answer 404 like Stripe's API.
import Stripe from "stripe";
import { useStripeTransport } from "../../../worker/services/payments/stripe";

// ---------------------------------------------------------------------------------------------
// Factories: complete SDK objects with plausible defaults, overridden per test.

const nowSeconds = () => Math.floor(Date.now() / 1000);
let idCounter = 0;
/** A Stripe-like id with a prefix, unique in this test run. */
function fakeStripeId(prefix: string): string {
  idCounter += 1;
  return `${prefix}_${idCounter}${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
}

export function fakeCheckoutSession(overrides: Partial<Stripe.Checkout.Session> = {}): Stripe.Checkout.Session {
  const id = overrides.id ?? fakeStripeId("cs_test");
  const session: Stripe.Checkout.Session = {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: null,
    amount_total: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: null,
    client_reference_id: null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: nowSeconds(),
    currency: "usd",
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    discounts: null,
    expires_at: nowSeconds() + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: {},
    mode: "payment",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: null,
    total_details: null,
    ui_mode: "hosted",
    url: `https://checkout.stripe.com/c/pay/${id}`,
    wallet_options: null,
  };
  return { ...session, ...overrides };
}

export function fakePaymentIntent(overrides: Partial<Stripe.PaymentIntent> = {}): Stripe.PaymentIntent {
  const id = overrides.id ?? fakeStripeId("pi");
  const intent: Stripe.PaymentIntent = {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: 0,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: { enabled: true },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${crypto.randomUUID().slice(0, 8)}`,
    confirmation_method: "automatic",
    created: nowSeconds(),
    currency: "usd",
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_group: null,
  };
  return { ...intent, ...overrides };
}

function fakeRefund(overrides: Partial<Stripe.Refund> = {}): Stripe.Refund {
  const refund: Stripe.Refund = {
    id: fakeStripeId("re"),
    object: "refund",
    amount: 0,
    balance_transaction: null,
    charge: null,
    created: nowSeconds(),
    currency: "usd",
    customer: null,
    customer_account: null,
    metadata: {},
    payment_intent: null,
    payment_method: null,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
  return { ...refund, ...overrides };
}

/** Stripe's requirements block: nothing due unless the test says so. */
export function fakeRequirements(overrides: Partial<Stripe.Account.Requirements> = {}): Stripe.Account.Requirements {
  const requirements: Stripe.Account.Requirements = {
    alternatives: [],
    current_deadline: null,
    currently_due: [],
    disabled_reason: null,
    errors: [],
    eventually_due: [],
    past_due: [],
    pending_verification: [],
  };
  return { ...requirements, ...overrides };
}

/** An Express account; a fresh one has nothing submitted and cannot take charges. */
export function fakeAccount(overrides: Partial<Stripe.Account> = {}): Stripe.Account {
  const account: Stripe.Account = {
    id: fakeStripeId("acct"),
    object: "account",
    charges_enabled: false,
    details_submitted: false,
    email: null,
    payouts_enabled: false,
    type: "express",
    created: nowSeconds(),
    metadata: {},
    requirements: fakeRequirements({ currently_due: ["external_account", "tos_acceptance.date"], disabled_reason: "requirements.past_due" }),
  };
  return { ...account, ...overrides };
}

function fakeAccountLink(overrides: Partial<Stripe.AccountLink> = {}): Stripe.AccountLink {
  const link: Stripe.AccountLink = {
    object: "account_link",
    created: nowSeconds(),
    expires_at: nowSeconds() + 300,
    url: `https://connect.stripe.com/setup/e/${fakeStripeId("link")}`,
  };
  return { ...link, ...overrides };
}

function fakeLoginLink(overrides: Partial<Stripe.LoginLink> = {}): Stripe.LoginLink {
  const link: Stripe.LoginLink = { object: "login_link", created: nowSeconds(), url: `https://connect.stripe.com/express/${fakeStripeId("login")}` };
  return { ...link, ...overrides };
}

/** A card charge (charge.refunded, charge.dispute.* payloads). */
export function fakeCharge(overrides: Partial<Stripe.Charge> = {}): Stripe.Charge {
  const charge: Stripe.Charge = {
    id: fakeStripeId("ch"),
    object: "charge",
    amount: 0,
    amount_captured: 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: true,
    created: nowSeconds(),
    currency: "usd",
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: null,
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: null,
    payment_method: null,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "succeeded",
    transfer_data: null,
    transfer_group: null,
  };
  return { ...charge, ...overrides };
}

/** A card dispute (charge.dispute.created / closed payloads); open and needing a response by default. */
export function fakeDispute(overrides: Partial<Stripe.Dispute> = {}): Stripe.Dispute {
  const dispute: Stripe.Dispute = {
    id: fakeStripeId("dp"),
    object: "dispute",
    amount: 0,
    balance_transactions: [],
    charge: fakeStripeId("ch"),
    created: nowSeconds(),
    currency: "usd",
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: null,
      customer_name: null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: { due_by: nowSeconds() + 7 * 86_400, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0, submission_method: "manual" },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: null,
    reason: "fraudulent",
    status: "needs_response",
  };
  return { ...dispute, ...overrides };
}

// ---------------------------------------------------------------------------------------------
// Incoming parameters

/** A decoded form value: a string, a list or a nested object, as Stripe's API reads bracket notation. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/**
 * Decodes Stripe's form encoding (`line_items[0][price_data][unit_amount]=12345`) into nested
 * objects and lists (`{ line_items: [{ price_data: { unit_amount: "12345" } }] }`). Values stay
 * strings: which are numbers or booleans is the endpoint spec's to say.
 */
export function parseStripeForm(body: string): { [key: string]: FormValue } {
  const root: { [key: string]: FormValue } = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split("[").map((part, i) => (i === 0 ? part : part.replace(/\]$/, "")));
    let node: { [key: string]: FormValue } = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (next === undefined || typeof next === "string" || Array.isArray(next)) node[part] = {};
      node = node[part] as { [key: string]: FormValue };
    });
  }
  return listsOf(root) as { [key: string]: FormValue };
}

/** Objects whose keys are 0, 1, 2… are the lists the SDK encoded with indices. */
function listsOf(value: FormValue): FormValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(listsOf);
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, listsOf(value[k]!)] as const);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/**
 * What one parameter is, as the SDK's type declares it: a leaf kind, a list of one shape, or an
 * object with (some of) its fields described. Derived from the SDK type, so the spec of a
 * parameter whose type changes, or of one Stripe renames, fails the typecheck.
 */
type SpecOf<T> = [T] extends [number]
  ? "number"
  : [T] extends [boolean]
    ? "boolean"
    : [T] extends [string]
      ? "string"
      : T extends readonly (infer U)[]
        ? "array" | readonly [SpecOf<NonNullable<U>>]
        : "object" | "string" | { readonly [K in keyof T]?: SpecOf<NonNullable<T[K]>> };

/** Every top-level parameter of an endpoint, no more and no fewer than the SDK's type has. */
type ParamsSpec<P> = { readonly [K in keyof P]-?: SpecOf<NonNullable<P[K]>> };

type AnySpec = "number" | "boolean" | "string" | "object" | "array" | readonly [AnySpec] | { readonly [key: string]: AnySpec | undefined };

const EXPAND = "array";

const SESSION_CREATE = {
  adaptive_pricing: "object",
  after_expiration: "object",
  allow_promotion_codes: "boolean",
  allowed_payment_method_types: "array",
  automatic_tax: "object",
  billing_address_collection: "string",
  branding_settings: "object",
  cancel_url: "string",
  client_reference_id: "string",
  consent_collection: "object",
  currency: "string",
  custom_fields: "array",
  custom_text: "object",
  customer: "string",
  customer_account: "string",
  customer_creation: "string",
  customer_email: "string",
  customer_update: "object",
  discounts: "array",
  excluded_payment_method_types: "array",
  expand: EXPAND,
  expires_at: "number",
  integration_identifier: "string",
  invoice_creation: "object",
  line_items: [{ quantity: "number", price_data: { currency: "string", unit_amount: "number", product_data: { name: "string" } } }],
  locale: "string",
  managed_payments: "object",
  metadata: "object",
  mode: "string",
  name_collection: "object",
  optional_items: "array",
  origin_context: "string",
  payment_intent_data: { application_fee_amount: "number", metadata: "object", transfer_data: { destination: "string", amount: "number" } },
  payment_method_collection: "string",
  payment_method_configuration: "string",
  payment_method_data: "object",
  payment_method_options: "object",
  permissions: "object",
  phone_number_collection: "object",
  redirect_on_completion: "string",
  return_url: "string",
  saved_payment_method_options: "object",
  setup_intent_data: "object",
  shipping_address_collection: "object",
  shipping_options: "array",
  submit_type: "string",
  subscription_data: "object",
  success_url: "string",
  tax_id_collection: "object",
  ui_mode: "string",
  wallet_options: "object",
} as const satisfies ParamsSpec<Stripe.Checkout.SessionCreateParams>;

const PAYMENT_INTENT_CREATE = {
  amount: "number",
  currency: "string",
  allowed_payment_method_types: "array",
  amount_details: "object",
  application_fee_amount: "number",
  automatic_payment_methods: { enabled: "boolean" },
  capture_method: "string",
  confirm: "boolean",
  confirmation_method: "string",
  confirmation_token: "string",
  customer: "string",
  customer_account: "string",
  description: "string",
  error_on_requires_action: "boolean",
  excluded_payment_method_types: "array",
  expand: EXPAND,
  hooks: "object",
  mandate: "string",
  mandate_data: "object",
  metadata: "object",
  off_session: "string",
  on_behalf_of: "string",
  payment_details: "object",
  payment_method: "string",
  payment_method_configuration: "string",
  payment_method_data: "object",
  payment_method_options: "object",
  radar_options: "object",
  receipt_email: "string",
  return_url: "string",
  setup_future_usage: "string",
  shipping: "object",
  statement_descriptor: "string",
  statement_descriptor_suffix: "string",
  transfer_data: { destination: "string", amount: "number" },
  transfer_group: "string",
  use_stripe_sdk: "boolean",
} as const satisfies ParamsSpec<Stripe.PaymentIntentCreateParams>;

const REFUND_CREATE = {
  amount: "number",
  charge: "string",
  currency: "string",
  customer: "string",
  expand: EXPAND,
  instructions_email: "string",
  metadata: "object",
  origin: "string",
  payment_intent: "string",
  reason: "string",
  refund_application_fee: "boolean",
  reverse_transfer: "boolean",
} as const satisfies ParamsSpec<Stripe.RefundCreateParams>;

const ACCOUNT_CREATE = {
  account_token: "string",
  business_profile: "object",
  business_type: "string",
  capabilities: "object",
  company: "object",
  controller: "object",
  country: "string",
  default_currency: "string",
  documents: "object",
  email: "string",
  expand: EXPAND,
  external_account: "string",
  groups: "object",
  individual: "object",
  metadata: "object",
  settings: "object",
  tos_acceptance: "object",
  type: "string",
} as const satisfies ParamsSpec<Stripe.AccountCreateParams>;

const ACCOUNT_LINK_CREATE = {
  account: "string",
  type: "string",
  collect: "string",
  collection_options: "object",
  expand: EXPAND,
  refresh_url: "string",
  return_url: "string",
} as const satisfies ParamsSpec<Stripe.AccountLinkCreateParams>;

const LOGIN_LINK_CREATE = { expand: EXPAND } as const satisfies ParamsSpec<Stripe.AccountCreateLoginLinkParams>;
const SESSION_EXPIRE = { expand: EXPAND } as const satisfies ParamsSpec<Stripe.Checkout.SessionExpireParams>;
const INTENT_CANCEL = { cancellation_reason: "string", expand: EXPAND } as const satisfies ParamsSpec<Stripe.PaymentIntentCancelParams>;
/** A retrieve takes no body parameters here (the Worker expands nothing). */
const RETRIEVE = {} as const;

/** Each endpoint's parameters as the SDK types them. */
interface StripeEndpoints {
  "checkout.sessions.create": Stripe.Checkout.SessionCreateParams;
  "checkout.sessions.expire": Stripe.Checkout.SessionExpireParams;
  "checkout.sessions.retrieve": Record<string, never>;
  "payment_intents.create": Stripe.PaymentIntentCreateParams;
  "payment_intents.cancel": Stripe.PaymentIntentCancelParams;
  "payment_intents.retrieve": Record<string, never>;
  "refunds.create": Stripe.RefundCreateParams;
  "accounts.create": Stripe.AccountCreateParams;
  "accounts.retrieve": Record<string, never>;
  "account_links.create": Stripe.AccountLinkCreateParams;
  "accounts.login_links.create": Stripe.AccountCreateLoginLinkParams;
}
type StripeEndpoint = keyof StripeEndpoints;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

function coerce(value: FormValue, spec: AnySpec, path: string): unknown {
  if (spec === "number") {
    if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw new StripeApiError(400, "invalid_request_error", `Invalid integer: ${String(value)}`, path);
    return Number(value);
  }
  if (spec === "boolean") {
    if (value !== "true" && value !== "false") throw new StripeApiError(400, "invalid_request_error", `Invalid boolean: ${String(value)}`, path);
    return value === "true";
  }
  if (typeof spec === "string") return value;
  if (Array.isArray(spec)) {
    if (!Array.isArray(value)) throw new StripeApiError(400, "invalid_request_error", `Invalid array`, path);
    const item = spec[0] as AnySpec;
    return value.map((v, i) => coerce(v, item, `${path}[${i}]`));
  }
  if (typeof value === "string" || Array.isArray(value)) throw new StripeApiError(400, "invalid_request_error", `Invalid object`, path);
  const fields = spec as { readonly [key: string]: AnySpec | undefined };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fields[k] ? coerce(v, fields[k], `${path}[${k}]`) : v]));
}

/** Stripe's check: every top-level parameter must be one the endpoint has; then the decoding. */
function decodeParams(form: { [key: string]: FormValue }, spec: { readonly [key: string]: AnySpec }, required: readonly string[]): Record<string, unknown> {
  for (const key of Object.keys(form)) {
    if (!(key in spec)) throw new StripeApiError(400, "invalid_request_error", `Received unknown parameter: ${key}`, key);
  }
  for (const key of required) {
    if (!(key in form)) throw new StripeApiError(400, "invalid_request_error", `Missing required param: ${key}.`, key);
  }
  return Object.fromEntries(Object.entries(form).map(([k, v]) => [k, coerce(v, spec[k]!, k)]));
}

// ---------------------------------------------------------------------------------------------
// The fake

type FakeStripeObject = Stripe.Checkout.Session | Stripe.PaymentIntent | Stripe.Refund | Stripe.Account;

interface StripeCall<E extends StripeEndpoint = StripeEndpoint> {
  endpoint: E;
  method: string;
  path: string;
  /** The form body as Stripe's API receives it (bracketed keys, e.g. line_items[0][price_data][unit_amount]). */
  form: Record<string, string>;
  /** The same body decoded and typed as the SDK's parameters for this endpoint. */
  params: StripeEndpoints[E];
  idempotencyKey: string | null;
}

interface StripeFailure {
  /** Stripe's error type; decides the SDK's error class. */
  type?: "card_error" | "invalid_request_error" | "api_error" | "rate_limit_error" | "authentication_error" | "permission_error" | "idempotency_error";
  code?: string;
  /** Defaults by type: 402 card, 429 rate limit, 500 api, 401 authentication, 403 permission, else 400. */
  status?: number;
}

export interface FakeStripe {
  calls: StripeCall[];
  /** The calls of one endpoint, their parameters typed as the SDK's (e.g. Stripe.RefundCreateParams). */
  callsTo<E extends StripeEndpoint>(endpoint: E): StripeCall<E>[];
  /** Objects as Stripe holds them, by their GET path (e.g. "/v1/payment_intents/pi_1"); created ones are added. */
  objects: Map<string, FakeStripeObject>;
  /** Stores an object where Stripe would serve it (sessions, intents, accounts); returns it. */
  put<T extends FakeStripeObject>(object: T): T;
  /** Makes the next call of this path fail with Stripe's error shape, this message and this kind. */
  failNext(path: string, message: string, failure?: StripeFailure): void;
  restore(): void;
}

const DEFAULT_STATUS: Record<NonNullable<StripeFailure["type"]>, number> = {
  card_error: 402,
  invalid_request_error: 400,
  api_error: 500,
  rate_limit_error: 429,
  authentication_error: 401,
  permission_error: 403,
  idempotency_error: 400,
};

function objectPath(object: FakeStripeObject): string {
  switch (object.object) {
    case "checkout.session":
      return `/v1/checkout/sessions/${object.id}`;
    case "payment_intent":
      return `/v1/payment_intents/${object.id}`;
    case "refund":
      return `/v1/refunds/${object.id}`;
    case "account":
      return `/v1/accounts/${object.id}`;
  }
}

function errorResponse(error: StripeApiError): Response {
  // The SDK retries some statuses; Stripe's header tells it not to, so one failure is one failure.
  return Response.json(
    { error: { type: error.type, message: error.message, ...(error.param ? { param: error.param } : {}) } },
    { status: error.status, headers: { "stripe-should-retry": "false" } },
  );
}

const noSuch = (what: string, id: string) => new StripeApiError(404, "invalid_request_error", `No such ${what}: '${id}'`, "id");

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  endpoint: StripeEndpoint;
  spec: { readonly [key: string]: AnySpec };
  required?: readonly string[];
  answer(params: Record<string, unknown>, id: string | undefined): object;
}

/** Installs an in-memory Stripe for the endpoints the Worker calls; `restore()` puts fetch back. */
export function fakeStripe(): FakeStripe {
  const calls: StripeCall[] = [];
  const failures = new Map<string, { message: string; failure: StripeFailure }>();
  const objects = new Map<string, FakeStripeObject>();
  const put = <T extends FakeStripeObject>(object: T): T => {
    objects.set(objectPath(object), object);
    return object;
  };
  const stored = <T extends FakeStripeObject["object"]>(kind: T, path: string, id: string): Extract<FakeStripeObject, { object: T }> => {
    const found = objects.get(path);
    if (!found || found.object !== kind) throw noSuch(kind.replace("checkout.", "").replace("_", " "), id);
    return found as Extract<FakeStripeObject, { object: T }>;
  };
  const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
  const metadataOf = (value: unknown): Stripe.Metadata => (value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {});

  const routes: Route[] = [
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      endpoint: "checkout.sessions.create",
      spec: SESSION_CREATE,
      answer: (p) => {
        const lines = Array.isArray(p.line_items) ? (p.line_items as { quantity?: number; price_data?: { unit_amount?: number } }[]) : [];
        const total = lines.reduce((sum, line) => sum + (line.price_data?.unit_amount ?? 0) * (line.quantity ?? 1), 0);
        return put(
          fakeCheckoutSession({
            amount_subtotal: total,
            amount_total: total,
            client_reference_id: text(p.client_reference_id),
            metadata: metadataOf(p.metadata),
            success_url: text(p.success_url),
            cancel_url: text(p.cancel_url),
          }),
        );
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      endpoint: "checkout.sessions.expire",
      spec: SESSION_EXPIRE,
      answer: (_, id) => put({ ...stored("checkout.session", `/v1/checkout/sessions/${id}`, id!), status: "expired", url: null }),
    },
    { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, endpoint: "checkout.sessions.retrieve", spec: RETRIEVE, answer: (_, id) => stored("checkout.session", `/v1/checkout/sessions/${id}`, id!) },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents$/,
      endpoint: "payment_intents.create",
      spec: PAYMENT_INTENT_CREATE,
      required: ["amount", "currency"],
      answer: (p) => {
        const destination = (p.transfer_data as { destination?: string } | undefined)?.destination;
        return put(
          fakePaymentIntent({
            amount: typeof p.amount === "number" ? p.amount : 0,
            currency: text(p.currency) ?? "usd",
            application_fee_amount: typeof p.application_fee_amount === "number" ? p.application_fee_amount : null,
            metadata: metadataOf(p.metadata),
            ...(destination ? { transfer_data: { destination } } : {}),
          }),
        );
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      endpoint: "payment_intents.cancel",
      spec: INTENT_CANCEL,
      answer: (_, id) => put({ ...stored("payment_intent", `/v1/payment_intents/${id}`, id!), status: "canceled", canceled_at: nowSeconds() }),
    },
    { method: "GET", pattern: /^\/v1\/payment_intents\/([^/]+)$/, endpoint: "payment_intents.retrieve", spec: RETRIEVE, answer: (_, id) => stored("payment_intent", `/v1/payment_intents/${id}`, id!) },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      endpoint: "refunds.create",
      spec: REFUND_CREATE,
      answer: (p) => {
        const intentId = text(p.payment_intent);
        const intent = intentId ? objects.get(`/v1/payment_intents/${intentId}`) : undefined;
        const amount = typeof p.amount === "number" ? p.amount : intent?.object === "payment_intent" ? intent.amount_received : 0;
        return put(fakeRefund({ payment_intent: intentId, amount, metadata: metadataOf(p.metadata) }));
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/accounts$/,
      endpoint: "accounts.create",
      spec: ACCOUNT_CREATE,
      answer: (p) => {
        const type = p.type === "custom" || p.type === "standard" ? p.type : "express";
        return put(fakeAccount({ email: text(p.email), type, metadata: metadataOf(p.metadata) }));
      },
    },
    { method: "GET", pattern: /^\/v1\/accounts\/([^/]+)$/, endpoint: "accounts.retrieve", spec: RETRIEVE, answer: (_, id) => stored("account", `/v1/accounts/${id}`, id!) },
    {
      method: "POST",
      pattern: /^\/v1\/account_links$/,
      endpoint: "account_links.create",
      spec: ACCOUNT_LINK_CREATE,
      required: ["account", "type"],
      answer: (p) => {
        const account = stored("account", `/v1/accounts/${text(p.account)}`, text(p.account) ?? "");
        return fakeAccountLink({ url: `https://connect.stripe.com/setup/e/${account.id}/${fakeStripeId("l")}` });
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/accounts\/([^/]+)\/login_links$/,
      endpoint: "accounts.login_links.create",
      spec: LOGIN_LINK_CREATE,
      answer: (_, id) => {
        const account = stored("account", `/v1/accounts/${id}`, id!);
        // Stripe makes login links only for Express accounts that finished onboarding.
        if (account.type !== "express" || !account.details_submitted) {
          throw new StripeApiError(400, "invalid_request_error", "Cannot create a login link for an account that has not completed onboarding.");
        }
        return fakeLoginLink({ url: `https://connect.stripe.com/express/${account.id}/${fakeStripeId("l")}` });
      },
    },
  ];

  const fakeFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = new TextDecoder().decode(await request.arrayBuffer());
    const route = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    if (!route) return errorResponse(new StripeApiError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${url.pathname}).`));
    const id = route.pattern.exec(url.pathname)?.[1];
    const form = Object.fromEntries(new URLSearchParams(body));
    try {
      const params = decodeParams(parseStripeForm(body), route.spec, route.required ?? []);
      // The decoded body is what the SDK sent for this endpoint: the spec above is typed by its parameters.
      calls.push({ endpoint: route.endpoint, method: request.method, path: url.pathname, form, params: params as StripeEndpoints[StripeEndpoint], idempotencyKey: request.headers.get("idempotency-key") });
      const failure = failures.get(url.pathname);
      if (failure !== undefined) {
        failures.delete(url.pathname);
        const type = failure.failure.type ?? "invalid_request_error";
        return Response.json(
          { error: { type, message: failure.message, ...(failure.failure.code ? { code: failure.failure.code } : {}) } },
          { status: failure.failure.status ?? DEFAULT_STATUS[type], headers: { "stripe-should-retry": "false" } },
        );
      }
      return Response.json(route.answer(params, id));
    } catch (error) {
      if (error instanceof StripeApiError) return errorResponse(error);
      throw error;
    }
  };
  useStripeTransport(fakeFetch);
  return {
    calls,
    callsTo: <E extends StripeEndpoint>(endpoint: E) => calls.filter((c): c is StripeCall<E> => c.endpoint === endpoint),
    objects,
    put,
    failNext: (path, message, failure = {}) => failures.set(path, { message, failure }),
    restore: () => useStripeTransport(undefined),
  };
}

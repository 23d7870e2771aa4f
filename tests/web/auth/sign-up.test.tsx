// The Sign Up tab of /auth (spec §5 sign-up rules and password scoring, §8 sign-up success).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGNED_OUT, apiError, mockApi, renderApp, resetApp } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(resetApp);

const visitor = (extra: Record<string, unknown> = {}) => ({
  "GET /api/auth/session": SIGNED_OUT,
  "GET /api/auth/providers": { google: false },
  ...extra,
});

async function signUpForm() {
  renderApp("/auth?tab=signup");
  return within(await screen.findByRole("form", { name: "Sign up" }));
}

type Form = Awaited<ReturnType<typeof signUpForm>>;

async function fill(form: Form, values: { email?: string; username?: string; displayName?: string; password?: string }) {
  if (values.email !== undefined) await userEvent.type(form.getByLabelText("Email"), values.email);
  if (values.username !== undefined) await userEvent.type(form.getByLabelText("Username"), values.username);
  if (values.displayName !== undefined) await userEvent.type(form.getByLabelText("Display name"), values.displayName);
  if (values.password !== undefined) await userEvent.type(form.getByLabelText("Password"), values.password);
}

const submit = (form: Form) => userEvent.click(form.getByRole("button", { name: "Create Account" }));

describe("/auth sign up: validation", () => {
  it("shows the email, username and display-name messages of the spec and sends nothing", async () => {
    const api = mockApi(visitor());
    const form = await signUpForm();
    await fill(form, { email: "maya@", username: "a!", displayName: " M ", password: "Str0ng!Passw" });
    await submit(form);
    expect(await form.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(
      form.getByText("Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens"),
    ).toBeInTheDocument();
    expect(form.getByText("Display name must be at least 2 characters long")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/auth/sign-up")).toHaveLength(0);
  });

  it("sanitises the username as it is typed and cuts it to 30 characters", async () => {
    mockApi(visitor());
    const form = await signUpForm();
    const input = form.getByLabelText("Username");
    await userEvent.type(input, "DJ Krush!! @home.studio-1");
    expect(input).toHaveValue("DJKrushhome.studio-1");
    await userEvent.clear(input);
    await userEvent.type(input, "a".repeat(35));
    expect(input).toHaveValue("a".repeat(30));
    await userEvent.clear(input);
    await userEvent.type(input, "émile_ø.x");
    expect(input).toHaveValue("mile_.x");
  });

  it("toasts 'Password Too Weak' with the scorer's feedback joined", async () => {
    const api = mockApi(visitor());
    const form = await signUpForm();
    await fill(form, { email: "maya@example.com", username: "maya", displayName: "Maya", password: "alllowercase" });
    await submit(form);
    expect(await screen.findByText("Include at least one uppercase letter. Include at least one number. Include at least one special character.")).toBeInTheDocument();
    expect(screen.getAllByText("Password Too Weak").length).toBeGreaterThan(0);
    expect(api.callsTo("POST", "/api/auth/sign-up")).toHaveLength(0);
  });

  it("toasts 'Compromised Password' for a strong-looking password from breach lists", async () => {
    const api = mockApi(visitor());
    const form = await signUpForm();
    await fill(form, { email: "maya@example.com", username: "maya", displayName: "Maya", password: "Summer2024!" });
    await submit(form);
    expect(await screen.findByText("This password has been found in data breaches. Please choose a different password.")).toBeInTheDocument();
    expect(screen.getAllByText("Compromised Password").length).toBeGreaterThan(0);
    expect(api.callsTo("POST", "/api/auth/sign-up")).toHaveLength(0);
  });
});

describe("/auth sign up: strength meter", () => {
  // Scores from shared/rules/password.ts: 8+ chars 20, each class 15, 3 repeats -10.
  const cases: [string, number, "Weak" | "Fair" | "Strong"][] = [
    ["abc", 15, "Weak"],
    ["aaaaaaaa", 25, "Weak"], // 20 + 15 - 10: just under Fair
    ["abc1", 30, "Fair"], // the lowest Fair score
    ["aaaBBB11", 55, "Fair"], // 20 + 45 - 10: just under Strong
    ["aB1!", 60, "Strong"], // the lowest Strong score
    ["Tr4ck!Mix#Down-2027", 100, "Strong"],
  ];
  it.each(cases)("rates %s as %s (score %i)", async (password, score, level) => {
    mockApi(visitor());
    const form = await signUpForm();
    await userEvent.type(form.getByLabelText("Password"), password);
    const meter = form.getByRole("meter", { name: "Password strength" });
    expect(meter).toHaveAttribute("aria-valuenow", String(score));
    expect(meter).toHaveAttribute("aria-valuetext", level);
    expect(form.getByTestId("password-strength")).toHaveAttribute("aria-live", "polite");
    expect(within(form.getByTestId("password-strength")).getByText(level)).toBeInTheDocument();
  });

  it("shows nothing until a password is typed", async () => {
    mockApi(visitor());
    const form = await signUpForm();
    expect(form.queryByRole("meter")).not.toBeInTheDocument();
  });
});

describe("/auth sign up: submitting", () => {
  it("sends the cleaned values and shows 'Please check your email to confirm your account'", async () => {
    const api = mockApi(visitor({ "POST /api/auth/sign-up": new Response(JSON.stringify({ message: "Please check your email to confirm your account" }), { status: 201 }) }));
    const form = await signUpForm();
    await fill(form, { email: "Maya@Example.com", username: "maya.lopez", displayName: "  Maya Lopez ", password: "Tr4ck!Mix#Down" });
    await submit(form);
    await waitFor(() => expect(screen.getAllByText("Please check your email to confirm your account").length).toBeGreaterThan(0));
    expect(api.callsTo("POST", "/api/auth/sign-up")[0]?.body).toEqual({
      email: "maya@example.com",
      username: "maya.lopez",
      displayName: "Maya Lopez",
      password: "Tr4ck!Mix#Down",
    });
    expect(screen.queryByRole("form", { name: "Sign up" })).not.toBeInTheDocument();
  });

  it("shows a taken username as the server words it", async () => {
    mockApi(visitor({ "POST /api/auth/sign-up": apiError(409, "conflict", "This username is already in use") }));
    const form = await signUpForm();
    await fill(form, { email: "maya@example.com", username: "maya", displayName: "Maya", password: "Tr4ck!Mix#Down" });
    await submit(form);
    expect(await screen.findByText("This username is already in use")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Sign up" })).toBeInTheDocument();
  });

  it("titles the sign-up rate limit 'Too Many Attempts'", async () => {
    mockApi(
      visitor({
        "POST /api/auth/sign-up": apiError(429, "rate_limited", "Please wait 42 minutes before trying again", { title: "Too Many Attempts", retryAfterSeconds: 2500 }),
      }),
    );
    const form = await signUpForm();
    await fill(form, { email: "maya@example.com", username: "maya", displayName: "Maya", password: "Tr4ck!Mix#Down" });
    await submit(form);
    expect(await screen.findByText("Too Many Attempts")).toBeInTheDocument();
    expect(screen.getByText("Please wait 42 minutes before trying again")).toBeInTheDocument();
  });
});

// Every journey fails on a CSP violation or an uncaught page error (DESIGN.md "What we test",
// decision record 0086): tests/e2e/browser.ts collects them from every page a journey opens, and
// the test that was running when one happened fails with what and where. Failures in a file's
// hooks fail the file's last check.
import { afterAll, afterEach, expect } from "vitest";
import { takePageFailures } from "./browser";

afterEach(() => {
  expect(takePageFailures(), "CSP violations and uncaught page errors").toEqual([]);
});

afterAll(() => {
  expect(takePageFailures(), "CSP violations and uncaught page errors (in a hook)").toEqual([]);
});

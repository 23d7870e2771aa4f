import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";

it("renders in jsdom", () => {
  render(<p>hello</p>);
  expect(screen.getByText("hello")).toBeInTheDocument();
});

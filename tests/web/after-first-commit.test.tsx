// The first commit of a prerendered page leaves out the shell's PWA parts, which mount a task later
// in a commit of their own (web/lib/after-first-commit.ts, decision record 0075).
import { render, screen } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { describe, expect, it } from "vitest";
import { deferUntilAfterFirstCommit, useAfterFirstCommit } from "@web/lib/after-first-commit";

function Probe({ commits }: { commits: boolean[] }) {
  const ready = useAfterFirstCommit();
  useLayoutEffect(() => {
    commits.push(ready);
  });
  return ready ? <p>mounted</p> : null;
}

describe("useAfterFirstCommit", () => {
  it("is true from the first commit when the page was not prerendered", () => {
    const commits: boolean[] = [];
    render(<Probe commits={commits} />);
    expect(screen.getByText("mounted")).toBeInTheDocument();
    expect(commits).toEqual([true]);
  });

  it("after the entry asks for it, leaves the part out of the first commit and mounts it in a later one", async () => {
    deferUntilAfterFirstCommit();
    const commits: boolean[] = [];
    render(<Probe commits={commits} />);
    expect(screen.queryByText("mounted")).not.toBeInTheDocument();
    expect(await screen.findByText("mounted")).toBeInTheDocument();
    expect(commits).toEqual([false, true]);

    // Only the first screen waits: what mounts afterwards does so at once.
    const later: boolean[] = [];
    render(<Probe commits={later} />);
    expect(later).toEqual([true]);
  });
});

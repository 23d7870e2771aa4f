// The loudness line under an audio player (decision record 0092): what it shows, what a screen
// reader hears, the gentle warning over the streaming ceiling, and nothing when nothing was measured.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LOUDNESS_TEXTS } from "@shared/messages";
import { LoudnessReadout, TRUE_PEAK_CEILING_DBTP } from "@web/components/audio/loudness-readout";

const MINUS = "\u2212";

describe("LoudnessReadout", () => {
  it("shows both values with a real minus sign and names them in words", () => {
    render(<LoudnessReadout loudness={{ integratedLufs: -14.2, truePeakDbtp: -1 }} className="mt-2" />);
    const readout = screen.getByRole("img", { name: `Integrated loudness ${MINUS}14.2 LUFS, true peak ${MINUS}1.0 dBTP` });
    expect(readout).toHaveTextContent(`${MINUS}14.2 LUFS·${MINUS}1.0 dBTP`);
    expect(readout.textContent).not.toContain("-");
    expect(readout).toHaveClass("mt-2");
    // −1.0 dBTP is at the ceiling, not above it: no warning.
    expect(readout).toHaveAccessibleDescription(LOUDNESS_TEXTS.about);
    expect(readout.querySelector("svg")).toBeNull();
  });

  it("warns gently when the true peak is above −1.0 dBTP, and says why", () => {
    render(<LoudnessReadout loudness={{ integratedLufs: -7.9, truePeakDbtp: 0.4 }} />);
    const readout = screen.getByRole("img", { name: `Integrated loudness ${MINUS}7.9 LUFS, true peak +0.4 dBTP` });
    const why = `True peak above ${MINUS}1.0 dBTP, the ceiling streaming services recommend: the track may distort when they encode it`;
    expect(LOUDNESS_TEXTS.overCeiling(TRUE_PEAK_CEILING_DBTP)).toBe(why);
    expect(readout).toHaveAttribute("title", why);
    expect(readout).toHaveAccessibleDescription(why);
    const peak = screen.getByText("+0.4 dBTP");
    expect(peak).toHaveClass("text-amber-700");
    expect(peak.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByText(`${MINUS}7.9 LUFS`)).not.toHaveClass("text-amber-700");
  });

  it("counts −0.9 dBTP as over the ceiling and writes a zero without a sign", () => {
    render(<LoudnessReadout loudness={{ integratedLufs: 0, truePeakDbtp: -0.9 }} />);
    const readout = screen.getByRole("img", { name: `Integrated loudness 0.0 LUFS, true peak ${MINUS}0.9 dBTP` });
    expect(readout).toHaveAttribute("title", LOUDNESS_TEXTS.overCeiling(-1));
  });

  it("renders nothing when nothing was measured", () => {
    const { container } = render(<LoudnessReadout loudness={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Tooltip } from "./Tooltip.tsx";

describe("tooltip", () => {
  it("describes its trigger, shows on hover and focus, hides on leave and Escape", () => {
    render(
      <Tooltip content="One coin per photo">
        <button type="button">Coins</button>
      </Tooltip>,
    );
    const button = screen.getByRole("button", { name: "Coins" });
    expect(button).toHaveAccessibleDescription("One coin per photo");
    const tip = screen.getByRole("tooltip");
    expect(tip).toHaveClass("sr-only");
    fireEvent.mouseEnter(button.parentElement as HTMLElement);
    expect(tip).not.toHaveClass("sr-only");
    fireEvent.mouseLeave(button.parentElement as HTMLElement);
    expect(tip).toHaveClass("sr-only");
    fireEvent.focus(button);
    expect(tip).not.toHaveClass("sr-only");
    fireEvent.keyDown(button, { key: "Escape" });
    expect(tip).toHaveClass("sr-only");
  });
});

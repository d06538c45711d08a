import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/render.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";

afterEach(() => vi.restoreAllMocks());

let fail = true;
function Flaky() {
  if (fail) throw new Error("chunk gone");
  return <p>page</p>;
}

describe("error boundary", () => {
  it("shows a way out instead of a blank page, and can try again", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fail = true;
    renderApp(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByText("page")).toBeInTheDocument();
  });
});

import type { NotificationKind } from "@studio/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { anonymousState } from "../../session/session-state.ts";
import { checkTokenResponse, storeToken } from "../../test/fixtures.ts";
import {
  handles,
  openModal,
  openModalSignedIn,
  renderShell,
  signedIn,
} from "../../test/open-modal.tsx";
import {
  deriveNotifications,
  hasUnread,
  MEETING_AFTER_IMAGES,
  TESTIMONIAL_AFTER_IMAGES,
} from "./notifications.ts";

afterEach(() => vi.restoreAllMocks());

const user = { ...anonymousState, loggedIn: true };
const kinds = (list: ReturnType<typeof deriveNotifications>) => list.map((n) => n.kind);

describe("which notifications show (decision 0301)", () => {
  it("anonymous visitors have none", () => {
    expect(deriveNotifications(anonymousState)).toEqual([]);
  });

  it("a new user has the free-credit one, unread", () => {
    const list = deriveNotifications(user, ["en-US"]);
    expect(kinds(list)).toEqual(["free-credit"]);
    expect(hasUnread(list)).toBe(true);
  });

  it("French speakers get the welcome survey", () => {
    expect(kinds(deriveNotifications(user, ["fr-FR", "en"]))).toContain("french-welcome");
  });

  it("reference feedback only once references were used, meeting and testimonial later", () => {
    expect(kinds(deriveNotifications({ ...user, imageGenerated: 1 }))).toEqual(["free-credit"]);
    expect(
      kinds(deriveNotifications({ ...user, imageGenerated: 1, referenceImagesUsed: true })),
    ).toEqual(["free-credit", "reference-feedback"]);
    expect(kinds(deriveNotifications({ ...user, imageGenerated: MEETING_AFTER_IMAGES }))).toContain(
      "meeting-invite",
    );
    expect(
      kinds(deriveNotifications({ ...user, imageGenerated: TESTIMONIAL_AFTER_IMAGES })),
    ).toContain("testimonial-invite");
  });

  it("received notifications stay listed but are no longer unread", () => {
    const list = deriveNotifications({ ...user, freeCreditReceived: true });
    expect(list[0]?.received).toBe(true);
    expect(hasUnread(list)).toBe(false);
  });
});

const closing: [NotificationKind, string][] = [
  ["free-credit", "freeCreditReceived"],
  ["french-welcome", "frenchWelcomeReceived"],
  ["meeting-invite", "meetingInviteReceived"],
  ["testimonial-invite", "testimonialInviteReceived"],
  ["reference-feedback", "referenceFeedbackReceived"],
];

describe("closing a notification's modal marks it received", () => {
  it.each(closing)("%s", async (kind, flag) => {
    storeToken();
    const check = vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse());
    const received = vi.spyOn(api, "notificationReceived").mockImplementation(async () => {
      // the server now reports the flag set
      check.mockResolvedValue(checkTokenResponse({}, { [flag]: true }));
      return {};
    });
    renderShell();
    await signedIn();
    await openModal(kind, {}, { rendered: true });
    fireEvent.click(screen.getAllByRole("button", { name: "Close" })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(received).toHaveBeenCalledWith("u-1", kind);
    const flags = () => handles.session?.session as unknown as Record<string, boolean> | undefined;
    await waitFor(() => expect(flags()?.[flag]).toBe(true));
  });

  it("Escape counts as closing", async () => {
    const received = vi.spyOn(api, "notificationReceived").mockResolvedValue({});
    await openModalSignedIn("meeting-invite", {});
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(received).toHaveBeenCalledWith("u-1", "meeting-invite"));
  });
});

// Which notifications a user sees, derived from the flags check-token returns (decision 0301).
// Every new account has at least the free-credit one, so the bell has something to say.
import type { NotificationKind } from "@studio/contracts";
import type { SessionState } from "../../session/session-state.ts";

export interface AppNotification {
  kind: NotificationKind;
  /** i18n key in the notifications namespace */
  textKey: string;
  /** what opening it does: the modal that carries it (same name as the kind) */
  modal: NotificationKind;
  received: boolean;
}

type Flags = Pick<
  SessionState,
  | "loggedIn"
  | "imageGenerated"
  | "freeCreditReceived"
  | "frenchWelcomeReceived"
  | "referenceFeedbackReceived"
  | "referenceImagesUsed"
  | "meetingInviteReceived"
  | "testimonialInviteReceived"
>;

export const FlagOf = {
  "free-credit": "freeCreditReceived",
  "french-welcome": "frenchWelcomeReceived",
  "reference-feedback": "referenceFeedbackReceived",
  "meeting-invite": "meetingInviteReceived",
  "testimonial-invite": "testimonialInviteReceived",
} as const satisfies Record<NotificationKind, keyof Flags>;

/** After two generations the user knows the product well enough for a video chat. */
export const MEETING_AFTER_IMAGES = 8;
/** After five generations we ask for a testimonial. */
export const TESTIMONIAL_AFTER_IMAGES = 20;

export function isFrenchSpeaker(languages: readonly string[]): boolean {
  return languages.some((l) => l.toLowerCase().startsWith("fr"));
}

export function deriveNotifications(
  s: Flags,
  browserLanguages: readonly string[] = [],
): AppNotification[] {
  if (!s.loggedIn) return [];
  const list: AppNotification[] = [];
  const add = (kind: NotificationKind, modal: NotificationKind, shown: boolean) => {
    if (shown) list.push({ kind, modal, textKey: kind, received: s[FlagOf[kind]] });
  };
  add("free-credit", "free-credit", true);
  add("french-welcome", "french-welcome", isFrenchSpeaker(browserLanguages));
  // no feedback asked about reference images before any was used (decision 0301)
  add("reference-feedback", "reference-feedback", s.imageGenerated > 0 && s.referenceImagesUsed);
  add("meeting-invite", "meeting-invite", s.imageGenerated >= MEETING_AFTER_IMAGES);
  add("testimonial-invite", "testimonial-invite", s.imageGenerated >= TESTIMONIAL_AFTER_IMAGES);
  return list;
}

export function hasUnread(list: readonly AppNotification[]): boolean {
  return list.some((n) => !n.received);
}

// The /form questions: it submits only with at least one answer and a login.
export const Questions = {
  role: ["owner", "marketer", "designer", "photographer", "other"],
  usage: ["listings", "ads", "social", "website", "other"],
  channel: ["search", "social", "friend", "marketplace", "other"],
  feature: ["product", "clothing", "video", "templates", "other"],
} as const;

export type QuestionKey = keyof typeof Questions;
export type Answers = Partial<Record<QuestionKey, string>>;

export function hasAnswer(a: Answers): boolean {
  return Object.values(a).some((v) => typeof v === "string" && v !== "");
}

/** One text combining questions and answers, as the send-user-feedback payload wants. */
export function combineFeedback(a: Answers): string {
  return (Object.keys(Questions) as QuestionKey[])
    .filter((k) => a[k])
    .map((k) => `${k}: ${a[k]}`)
    .join("\n");
}

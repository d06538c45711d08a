// The signup form's choice lists; values are sent as-is, labels come from the auth namespace.
export const Genders = ["female", "male", "nonBinary", "undisclosed"] as const;
export const SignupLanguages = ["en", "zh", "fr", "es", "de", "ja", "other"] as const;
export const Occupations = [
  "owner",
  "marketer",
  "designer",
  "photographer",
  "student",
  "other",
] as const;
export const Fields = [
  "fashion",
  "beauty",
  "food",
  "home",
  "electronics",
  "jewelry",
  "other",
] as const;

/** The server's error text tells which signup check failed; each has an analytics name. */
export function signupCheckEvent(error: string) {
  if (/prohibit|not allowed/i.test(error)) return "signup username prohibited" as const;
  if (/email/i.test(error) && /invalid/i.test(error)) return "signup email invalid" as const;
  if (/exist|taken|already/i.test(error)) return "signup existing username" as const;
  if (/username/i.test(error) && /invalid/i.test(error)) return "signup username invalid" as const;
  return null;
}

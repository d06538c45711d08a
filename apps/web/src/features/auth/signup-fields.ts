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

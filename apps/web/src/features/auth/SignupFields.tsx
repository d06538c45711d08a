import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "./FormField.tsx";
import { Fields, Genders, Occupations, SignupLanguages } from "./signup-fields.ts";

/** Signup asks the username first… */
export function UsernameField() {
  const { t } = useTranslation("auth");
  return (
    <TextField
      label={t("username")}
      name="username"
      autoComplete="username"
      required
      maxLength={64}
      autoFocus
    />
  );
}

/** …and the profile fields of the spec's payload after email and password. */
export function SignupFields() {
  const { t } = useTranslation("auth");
  const opts = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`${group}.${v}`) }));
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-slate-900">{t("aboutYou")}</legend>
      <SelectField
        label={t("gender")}
        name="gender"
        options={opts("genders", Genders)}
        placeholder={t("choose")}
      />
      <TextField label={t("dob")} name="dob" type="date" autoComplete="bday" />
      <TextField
        label={t("location")}
        name="location"
        autoComplete="country-name"
        maxLength={128}
      />
      <SelectField
        label={t("language")}
        name="language"
        options={opts("languages", SignupLanguages)}
        placeholder={t("choose")}
      />
      <SelectField
        label={t("occupation")}
        name="occupation"
        options={opts("occupations", Occupations)}
        placeholder={t("choose")}
      />
      <SelectField
        label={t("field")}
        name="field"
        options={opts("fields", Fields)}
        placeholder={t("choose")}
      />
    </fieldset>
  );
}

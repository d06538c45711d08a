import type { TemplateDef, TemplateInfo } from "./template.types.ts";
import { lifestyleTemplates } from "./templates-lifestyle.ts";
import { outdoorTemplates } from "./templates-outdoor.ts";
import { seasonalTemplates } from "./templates-seasonal.ts";
import { studioTemplates } from "./templates-studio.ts";

export const templateDefs: TemplateDef[] = [
  ...studioTemplates,
  ...lifestyleTemplates,
  ...seasonalTemplates,
  ...outdoorTemplates,
];

/** the public catalogue: ids, names in both languages, tags */
export const templates: TemplateInfo[] = templateDefs.map(({ id, name, tags, description }) =>
  description ? { id, name, tags, description } : { id, name, tags },
);

export function findTemplate(id: string): TemplateDef | undefined {
  return templateDefs.find((t) => t.id === id);
}

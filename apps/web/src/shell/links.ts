// Outside links of the Resources menu; a deployment sets its own through VITE_* variables.
export const ExternalLinks = {
  community: import.meta.env.VITE_COMMUNITY_URL ?? "https://discord.com/",
  instagram: import.meta.env.VITE_INSTAGRAM_URL ?? "https://www.instagram.com/",
  tiktok: import.meta.env.VITE_TIKTOK_URL ?? "https://www.tiktok.com/",
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? "support@photoshoot.studio",
} as const;

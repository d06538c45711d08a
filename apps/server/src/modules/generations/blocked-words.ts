// Prompts with adult or profane terms are refused (a case-insensitive
// blocked-words pattern). English terms match as whole words so "Scunthorpe", "class" or
// "cocktail" pass; Chinese has no word boundaries, so its terms match anywhere.
const english = [
  "porn\\w*",
  "nsfw",
  "nude\\w*",
  "nudity",
  "naked",
  "topless",
  "sex",
  "sexy",
  "sexual",
  "xxx",
  "hentai",
  "erotic\\w*",
  "fetish\\w*",
  "orgasm\\w*",
  "genital\\w*",
  "penis\\w*",
  "vagina\\w*",
  "boobs?",
  "tits?",
  "titties",
  "nipples?",
  "fuck\\w*",
  "shit\\w*",
  "bitch\\w*",
  "cunt\\w*",
  "dick",
  "dicks",
  "cock",
  "cocks",
  "pussy",
  "asshole\\w*",
  "bastard\\w*",
  "slut\\w*",
  "whore\\w*",
  "motherfuck\\w*",
];
const chinese = [
  "色情",
  "裸体",
  "裸照",
  "全裸",
  "裸露",
  "性爱",
  "做爱",
  "性交",
  "黄片",
  "成人片",
  "情色",
  "淫",
  "阴茎",
  "阴道",
  "乳头",
  "妈的",
  "他妈",
  "操你",
  "傻逼",
  "傻屄",
  "婊子",
  "贱人",
  "屌",
];

export const blockedWordsPattern = new RegExp(
  `(?:\\b(?:${english.join("|")})\\b)|(?:${chinese.join("|")})`,
  "iu",
);

export function isPromptBlocked(prompt: string): boolean {
  return blockedWordsPattern.test(prompt.normalize("NFKC"));
}

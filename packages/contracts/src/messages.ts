// The product's user-facing strings and constants, verbatim. The web app
// translates them by key; the server answers with the English text in `error`.

export const Messages = {
  loginSuccess: "Login successful! You can now close this modal and generate product photos.",
  signupSuccess: "Signup successful! You will be redirect.",
  technicalIssues:
    "Sorry we are experiencing technical issues! Please reach out to our customer support.",
  emailSendFailure: "Uh oh we are getting issue with sending the email, {error}",
  verificationSuccess:
    "Thank you for helping us verify your email! We have applied 40 Coins to your account!",
  verificationSent: "Verification email sent! Please check your email.",
  notVerified: "Your email does not seem to be verified!",
  paymentRequired: "Payment Required - Please make payment before using this service.",
  noImageOrText: "No image uploaded or no text! Please provide any image or text.",
  maintenance: "Our server will be down for maintenance at: {time}",
  notEnoughCredits: "Not enough credits",
  tooManyReferenceImages: "Too many reference image used",
  signupToUnlock: "Signup to unlock",
  pleaseLogin: "Please login to continue.",
  trialCancel: "Subscription canceled successfully during trial.",
} as const;

export const Constants = {
  dailyFreeCoins: 20,
  coinsPerImage: 1,
  imagesPerGeneration: 4,
  imagesPerGenerationBasic: 2,
  emailVerificationReward: 40,
  expressPhotos: 200,
  bannerRotateMs: 4000,
  loginBannerClearMs: 5000,
  loginHintClearMs: 2000,
  pricingOpenDelayMs: 200,
  typeaheadResetMs: 350,
  modalCloseMs: 500,
  formOpenMs: 1000,
  smallScreenPx: 600,
  coinLabelPx: 768,
  planCardImagePx: 900,
} as const;

/**
 * Machine-readable `code`s the server adds to an error body where a client must tell refusals
 * with the same status apart: three 400s the studios answer differently (a dialog, the
 * reference-limit dialog, a translated message), and two 402s that open the clothing pricing
 * table rather than the coins dialog. Clients branch on these, never on the English text,
 * which may be reworded. snake_case, like the /v1 codes (public-api.ts).
 */
export const ErrorCodes = {
  /** 400: neither a photo nor a prompt (generations.service.ts) */
  noImageOrText: "no_image_or_text",
  /** 400: more reference images than the plan allows (generation-rules.ts) */
  tooManyReferenceImages: "too_many_reference_images",
  /** 400: the prompt has words the studio refuses (generations.service.ts, videos.service.ts) */
  promptBlocked: "prompt_blocked",
  /** 402: human models need a Fashion plan or the trial (clothing-submit.ts) */
  clothingPlanRequired: "clothing_plan_required",
  /** 402: the Fashion trial's downloads are used up (clothing-submit.ts, generations.service.ts) */
  trialDownloadsUsed: "trial_downloads_used",
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

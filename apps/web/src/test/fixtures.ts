// Answers shaped exactly as @studio/contracts says, for stubbing the api-client seam.
import type { CheckTokenResponse, LoginResponse } from "@studio/contracts";

export function loginResponse(over: Partial<LoginResponse> = {}): LoginResponse {
  return {
    userId: "u-1",
    token: "tok-1",
    username: "ana",
    imageCounter: 0,
    sessionId: "s-1",
    userEmail: "ana@example.com",
    paymentType: "",
    valid: false,
    clothAppValid: false,
    ...over,
  };
}

export function checkTokenResponse(
  over: Partial<Omit<CheckTokenResponse, "user">> = {},
  user: Partial<CheckTokenResponse["user"]> = {},
): CheckTokenResponse {
  return {
    userId: "u-1",
    username: "ana",
    userEmail: "ana@example.com",
    sessionId: "s-1",
    testUser: false,
    paymentType: "",
    valid: false,
    clothAppValid: false,
    isNew: true,
    ...over,
    user: {
      credits: 20,
      diamond: 0,
      creditGiveawayDate: 0,
      emailVerified: false,
      meetingInviteReceived: false,
      testimonialInviteReceived: false,
      referenceFeedbackReceived: false,
      frenchWelcomeReceived: false,
      freeCreditReceived: false,
      developer: false,
      imageGenerated: 0,
      timeZone: "Europe/London",
      expiration: 0,
      clothAppExpiration: 0,
      ...user,
    },
  };
}

/** Signs a user in before render, the way a reload does: token in storage, check-token answers. */
export function storeToken(token = "tok-1") {
  localStorage.setItem("token", token);
  localStorage.setItem("sessionId", "s-1");
  localStorage.setItem("userEmail", "ana@example.com");
}

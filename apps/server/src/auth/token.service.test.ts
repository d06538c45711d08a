import { describe, expect, it } from "vitest";
import { manualClock } from "../testing/test-harness.ts";
import { createTokenService, TokenError } from "./token.service.ts";

const secret = new TextEncoder().encode("s".repeat(40));
const user = { userId: "u1", username: "jane", userEmail: "jane@example.com" };

describe("token service", () => {
  it("issues tokens that verify to the user and session", async () => {
    const time = manualClock();
    const tokens = createTokenService(secret, 3600, time.clock);
    const { token, sessionId } = await tokens.issue(user);
    expect(await tokens.verify(token)).toEqual({ ...user, sessionId });
    expect(await tokens.verify(token)).toEqual({ ...user, sessionId }); // cached path
  });

  it("expires a token even after it was verified once", async () => {
    const time = manualClock();
    const tokens = createTokenService(secret, 60, time.clock);
    const { token } = await tokens.issue(user);
    await tokens.verify(token);
    time.advance(61_000);
    await expect(tokens.verify(token)).rejects.toThrow("Token expired, please log in again");
  });

  it("refuses tokens signed with another secret or tampered with", async () => {
    const time = manualClock();
    const tokens = createTokenService(secret, 3600, time.clock);
    const other = createTokenService(new TextEncoder().encode("o".repeat(40)), 3600, time.clock);
    const { token } = await other.issue(user);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(TokenError);
    const good = (await tokens.issue(user)).token;
    const [h, , sig] = good.split(".");
    const payload = Buffer.from(
      JSON.stringify({ sub: "admin", sid: "x", exp: 9e9, iss: "photoshoot-studio" }),
    ).toString("base64url");
    await expect(tokens.verify(`${h}.${payload}.${sig}`)).rejects.toThrow("Invalid token");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    await expect(tokens.verify(none)).rejects.toThrow("Invalid token");
  });
});

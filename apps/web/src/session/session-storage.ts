// What survives a reload: the token, session id and email (the product spec's session fields),
// plus UI choices. The token is read here and only here: api/request.ts sends it.
import type { ActiveApp } from "./session-state.ts";

export const StorageKeys = {
  token: "token",
  sessionId: "sessionId",
  userEmail: "userEmail",
  referralEmail: "referralEmail",
  activeApp: "activeApp",
  developerMode: "developerMode",
} as const;

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null || value === "") localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode or full storage: the session simply does not survive a reload
  }
}

export function loadStored() {
  const app = read(StorageKeys.activeApp);
  return {
    token: read(StorageKeys.token),
    sessionId: read(StorageKeys.sessionId),
    userEmail: read(StorageKeys.userEmail),
    activeApp: (app === "clothing" || app === "video" ? app : "product") as ActiveApp,
    developerMode: read(StorageKeys.developerMode) === "1",
  };
}

/** the bearer token every call sends (api/request.ts); "" when signed out */
export function storedToken(): string {
  return read(StorageKeys.token);
}

export function storeCredentials(token: string, sessionId: string, userEmail: string): void {
  write(StorageKeys.token, token);
  write(StorageKeys.sessionId, sessionId);
  write(StorageKeys.userEmail, userEmail);
}

export function clearCredentials(): void {
  write(StorageKeys.token, null);
  write(StorageKeys.sessionId, null);
  write(StorageKeys.userEmail, null);
}

export function storeActiveApp(app: ActiveApp): void {
  write(StorageKeys.activeApp, app);
}

export function storeDeveloperMode(on: boolean): void {
  write(StorageKeys.developerMode, on ? "1" : null);
}

export function readReferralEmail(): string {
  return read(StorageKeys.referralEmail);
}

export function storeReferralEmail(email: string | null): void {
  write(StorageKeys.referralEmail, email);
}

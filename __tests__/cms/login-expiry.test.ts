import {
  EXPIRED_AT_LOAD,
  EXPIRED_NOW,
  EXPIRES_KEY,
  LOG_IN_AGAIN,
  forgetExpiredLogin,
  loginExpiry,
  watchLoginExpiry,
} from "../../src/cms/login-expiry";
import { DECAP_USER_KEY } from "../../src/cms/decap";
import { successMessage } from "../../functions/_lib/login/page";

const USER = JSON.stringify({ token: "ghu_abc", backendName: "github" });
const hand = (data: string, origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin }));
const notice = () => document.querySelector(".login-notice [role=alert]")?.textContent ?? null;

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
  jest.useFakeTimers();
  jest.setSystemTime(new Date("2026-11-25T12:00:00Z"));
});
afterEach(() => jest.useRealTimers());

test("the login page's message gives the token's expiry, or none for a token that does not expire", () => {
  const now = Date.now();
  expect(loginExpiry(successMessage({ token: "ghu_x", expiresIn: 28800 }), now)).toBe(now + 28_800_000);
  expect(loginExpiry(successMessage({ token: "gho_x" }), now)).toBeNull();
  expect(loginExpiry("authorizing:github", now)).toBeUndefined();
  expect(loginExpiry({ token: "x" }, now)).toBeUndefined();
});

test("an expired login is forgotten; a current one, or one with no expiry, is kept", () => {
  localStorage.setItem(DECAP_USER_KEY, USER);
  expect(forgetExpiredLogin(localStorage, Date.now())).toBe(false);
  localStorage.setItem(EXPIRES_KEY, String(Date.now() + 1000));
  expect(forgetExpiredLogin(localStorage, Date.now())).toBe(false);
  expect(forgetExpiredLogin(localStorage, Date.now() + 1000)).toBe(true);
  expect(localStorage.getItem(DECAP_USER_KEY)).toBeNull();
  expect(localStorage.getItem(EXPIRES_KEY)).toBeNull();
});

test("opened with an expired login: logged out before Decap starts, and told why", () => {
  localStorage.setItem(DECAP_USER_KEY, USER);
  localStorage.setItem(EXPIRES_KEY, String(Date.now() - 1));
  watchLoginExpiry(window);
  expect(localStorage.getItem(DECAP_USER_KEY)).toBeNull();
  expect(notice()).toBe(EXPIRED_AT_LOAD);
});

test("a login that runs out while the editor is open: the editor is asked to log in again", () => {
  watchLoginExpiry(window);
  localStorage.setItem(DECAP_USER_KEY, USER);
  hand(successMessage({ token: "ghu_abc", expiresIn: 60 }));
  expect(localStorage.getItem(EXPIRES_KEY)).toBe(String(Date.now() + 60_000));
  jest.advanceTimersByTime(59_000);
  expect(notice()).toBeNull();
  jest.advanceTimersByTime(1_000);
  expect(notice()).toBe(EXPIRED_NOW);
  expect(localStorage.getItem(DECAP_USER_KEY)).toBeNull();
  expect(document.querySelector(".login-notice button")?.textContent).toBe(LOG_IN_AGAIN);
});

test("a fresh login made in another tab is kept when this tab's wait for the old one ends", () => {
  watchLoginExpiry(window);
  localStorage.setItem(DECAP_USER_KEY, USER);
  hand(successMessage({ token: "ghu_abc", expiresIn: 60 }));
  // Another tab of the editor logs in again: Decap's record and the expiry are replaced in the shared storage.
  const fresh = JSON.stringify({ token: "ghu_fresh", backendName: "github" });
  localStorage.setItem(DECAP_USER_KEY, fresh);
  localStorage.setItem(EXPIRES_KEY, String(Date.now() + 3_600_000));
  jest.advanceTimersByTime(60_000);
  expect(notice()).toBeNull();
  expect(localStorage.getItem(DECAP_USER_KEY)).toBe(fresh);
  jest.advanceTimersByTime(3_540_000);
  expect(notice()).toBe(EXPIRED_NOW);
  expect(localStorage.getItem(DECAP_USER_KEY)).toBeNull();
});

test("a message from another origin, or a login that does not expire, sets no expiry", () => {
  watchLoginExpiry(window);
  hand(successMessage({ token: "ghu_abc", expiresIn: 1 }), "https://evil.example");
  expect(localStorage.getItem(EXPIRES_KEY)).toBeNull();
  localStorage.setItem(EXPIRES_KEY, "1");
  hand(successMessage({ token: "gho_abc" }));
  expect(localStorage.getItem(EXPIRES_KEY)).toBeNull();
  jest.advanceTimersByTime(10 * 24 * 3600_000);
  expect(notice()).toBeNull();
});

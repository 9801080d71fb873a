// The inline script every page carries (with the page's CSP nonce): it shows the offline banner while the browser has
// no network, deletes this device's pages cache and queue of saves when the signed-in account changes or a sign-out
// form is sent, and registers the service worker only after `load`, so a first visit paints and settles as before.
import { QUEUE_DATABASE } from "@/app/measurements/offline/measurement-queue";

export const OFFLINE_BANNER_ID = "offline-banner";

/** `accountId`: the signed-in account, "" when nobody is; `register`: production builds only (dev has no worker). */
export function offlineScript(options: { accountId: string; register: boolean }): string {
  const settings = JSON.stringify({ account: options.accountId, register: options.register, banner: OFFLINE_BANNER_ID, database: QUEUE_DATABASE });
  return `(function (s) {
  var banner = document.getElementById(s.banner);
  function show() { if (banner) banner.hidden = navigator.onLine; }
  addEventListener("online", show);
  addEventListener("offline", show);
  show();
  function clear(account) {
    try { localStorage.setItem("palestra-account", account); } catch (error) {}
    if (self.caches) caches.keys().then(function (names) { names.forEach(function (name) { if (name.indexOf("palestra-pages") === 0) caches.delete(name); }); });
    if (self.indexedDB) indexedDB.deleteDatabase(s.database);
  }
  try { if (localStorage.getItem("palestra-account") !== s.account) clear(s.account); } catch (error) { clear(s.account); }
  // Signing out (or deleting the account) leaves by a client-side navigation, which runs no new page script.
  document.addEventListener("submit", function (event) {
    if (event.target instanceof Element && event.target.closest("[data-clears-offline]")) clear("");
  }, true);
  if (!s.register || !("serviceWorker" in navigator)) return;
  function register() {
    navigator.serviceWorker.register("/sw.js").then(function () { return navigator.serviceWorker.ready; }).then(function (registration) {
      var assets = performance.getEntriesByType("resource").map(function (entry) { return entry.name; });
      if (registration.active) registration.active.postMessage({ type: "cache-page", page: location.href, assets: assets });
    }).catch(function () {});
  }
  if (document.readyState === "complete") register(); else addEventListener("load", register);
})(${settings.replace(/</g, "\\u003c")});`;
}

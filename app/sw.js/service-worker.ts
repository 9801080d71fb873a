// The service worker's code, sent as /sw.js by route.ts (the function's own text, called with its settings). Pages
// are network-first and kept for offline use; hashed static files and the icons are cache-first; nothing of /api/
// and no write is ever touched. The page's script deletes the pages cache when the account changes (offline-script.ts).
// Self-contained: it runs in the worker, so it may use nothing from this module's imports or scope.

export type ServiceWorkerSettings = {
  shellCache: string;
  pagesCache: string;
  /** Fetched at install: icons and manifest, the same for every account. */
  shell: string[];
  /** The page shown for a page never opened on this device, by language. */
  fallback: Record<string, { title: string; text: string; link: string }>;
};

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type MessageEvent = ExtendableEvent & { data: unknown };
type WorkerScope = {
  location: Location;
  navigator: Navigator;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
};

export function serviceWorker(settings: ServiceWorkerSettings): void {
  const worker = self as unknown as WorkerScope;
  const { shellCache, pagesCache, shell, fallback } = settings;
  const pageKey = (url: string) => url.split("#")[0] ?? url;

  const keepPage = async (url: string, response: Response) => {
    // Only a page answered as itself: a redirect (to /login when signed out) or an error page is never kept.
    if (!response.ok || response.redirected || response.type !== "basic") return;
    await (await caches.open(pagesCache)).put(pageKey(url), response);
  };

  const fallbackPage = () => {
    const language = worker.navigator.language.slice(0, 2);
    const text = fallback[language] ?? fallback.en ?? { title: "", text: "", link: "" };
    const body = `<!doctype html><html lang="${language in fallback ? language : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${text.title} · Palestra</title></head><body style="font-family:system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem;line-height:1.5"><h1>${text.title}</h1><p>${text.text}</p><p><a href="/measurements">${text.link}</a></p></body></html>`;
    return new Response(body, { status: 503, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
  };

  const networkFirst = async (event: FetchEvent): Promise<Response> => {
    try {
      const response = await fetch(event.request);
      event.waitUntil(keepPage(event.request.url, response.clone()));
      return response;
    } catch {
      const cached = await (await caches.open(pagesCache)).match(pageKey(event.request.url));
      return cached ?? fallbackPage();
    }
  };

  const cacheFirst = async (request: Request): Promise<Response> => {
    const cached = await caches.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      void caches.open(shellCache).then((cache) => cache.put(request, copy));
    }
    return response;
  };

  worker.addEventListener("install", (event) => {
    event.waitUntil(
      caches
        .open(shellCache)
        .then((cache) => cache.addAll(shell))
        .then(() => worker.skipWaiting()),
    );
  });

  worker.addEventListener("activate", (event) => {
    const old = (name: string) => name.startsWith("palestra-shell") && name !== shellCache;
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
        .then(() => worker.clients.claim()),
    );
  });

  worker.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    // Answers of the API are personal and live: never from or into a cache.
    if (url.origin !== worker.location.origin || url.pathname.startsWith("/api/")) return;
    if (request.mode === "navigate") event.respondWith(networkFirst(event));
    else if (url.pathname.startsWith("/_next/static/") || shell.includes(url.pathname)) event.respondWith(cacheFirst(request));
  });

  // The page that registered the worker loaded before the worker controlled it: it names itself and its static files.
  worker.addEventListener("message", (event) => {
    const data = event.data as { type?: unknown; page?: unknown; assets?: unknown } | null;
    if (data?.type !== "cache-page" || typeof data.page !== "string") return;
    const page = new URL(data.page, worker.location.origin);
    // A page with a query (a conversation, an edit) is kept when it is next opened under the worker, not fetched twice now.
    if (page.origin !== worker.location.origin || page.pathname.startsWith("/api/") || page.search !== "") return;
    const assets = (Array.isArray(data.assets) ? data.assets : []).filter(
      (asset): asset is string => typeof asset === "string" && new URL(asset, worker.location.origin).pathname.startsWith("/_next/static/"),
    );
    event.waitUntil(
      Promise.all([
        fetch(page.href, { credentials: "same-origin" }).then((response) => keepPage(page.href, response)),
        caches.open(shellCache).then((cache) => Promise.all(assets.map((asset) => cache.match(asset).then((hit) => (hit ? undefined : cache.add(asset)))))),
      ]).catch(() => undefined),
    );
  });
}

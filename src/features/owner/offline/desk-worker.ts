/// <reference lib="webworker" />
/**
 * The owner's desk's service worker, served as /owner-sw.js with the scope /owner
 * (docs/product/desk.md#owners-desk, "Offline shell"): the desk's shell opens with no signal once
 * it has been loaded online. It keeps the desk's page and the files it loads, never an answer of
 * the API or the sign-in service: those are the owner's data and go to the network untouched.
 *
 * Built by src/integrations/desk-worker.ts, which defines the page, the files to keep (read from
 * the built page) and the build's id in. Self-contained: it imports nothing.
 *
 * Its types: the WebWorker library is added to the project's one program by the reference above,
 * beside the DOM's; the two declare some globals twice, which the libraries' own check skips
 * (skipLibCheck), and the first, the DOM's, is the one other files see. So this file is a module
 * and names its own `self`, the worker's scope.
 */
export {};

declare const self: ServiceWorkerGlobalScope;

/** The desk's page, as its address is written (`/owner`). */
declare const __DESK_PAGE__: string;
/** Every file the built desk page loads, and the page itself: kept at install. */
declare const __DESK_PRECACHE__: readonly string[];
/** A hash of that list: a new build keeps its files in a new cache. */
declare const __DESK_BUILD__: string;

/** The caches of this worker, one per build, and the one of this build. */
const CACHE_PREFIX = 'owner-desk-';
const CACHE = `${CACHE_PREFIX}${__DESK_BUILD__}`;

/** The paths whose answers are the owner's data: never cached, never answered here. */
const NETWORK_ONLY = /^\/(?:api|auth)(?:\/|$)/;

const precached = new Set(__DESK_PRECACHE__);

/**
 * The network, for the desk's own files and pages only. Not a call of the site's functions, which
 * go through src/lib/api.ts alone (tests/unit/repo/conventions.test.ts): their requests never reach
 * the handlers below.
 */
const network = self.fetch.bind(self);

self.addEventListener('install', (event) => {
  // The new build's files, then take over at once: the pages of the desk hold no state this worker keeps.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(__DESK_PRECACHE__.map((url) => new Request(url, { cache: 'no-cache' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // The older builds' caches go; this worker answers the open desk pages from now on.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    if (url.pathname === __DESK_PAGE__ || url.pathname.startsWith(`${__DESK_PAGE__}/`)) {
      event.respondWith(pageOrShell(request));
    }
    return;
  }
  if (url.pathname.startsWith('/_astro/')) event.respondWith(hashedFile(request));
  else if (precached.has(url.pathname)) event.respondWith(keptFile(request, url.pathname));
});

/**
 * A navigation inside the desk: the network's answer, and the kept desk page when there is none
 * (offline, or the server unreachable). /owner/visits/<id> gets the same page, which reads its address.
 */
async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await network(request);
  } catch (error) {
    const kept = await caches.match(__DESK_PAGE__, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** A build file (its name carries its hash, so it never changes): the kept copy, else the network's, kept. */
async function hashedFile(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await network(request);
  if (answer.ok && answer.type === 'basic') await cache.put(request, answer.clone());
  return answer;
}

/** The manifest or an icon: the kept copy of this build, else the network's. */
async function keptFile(request: Request, path: string): Promise<Response> {
  return (await caches.match(path, { cacheName: CACHE })) ?? network(request);
}

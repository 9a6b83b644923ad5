/**
 * Asks at once for every script file an island or an after-paint part needs, listed on it at build
 * time (`data-preload`, src/integrations/html/island-preload.ts), so its code arrives in one round
 * trip instead of one per level of imports. Called by the site's directives when an island starts
 * loading, and by the after-paint loader when a part starts; for a tool island also once the page
 * has loaded and is idle (`atIdle`, ./idle-preload.ts), fetched into the cache but not run.
 */
export function preloadFiles(el: Element, atIdle = false): void {
  const head = document.head;
  for (const href of (el.getAttribute('data-preload') ?? '').split(' ')) {
    if (!href || head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    // Fetched ahead of use (./idle-preload.ts), not run until the island starts: marked, and asked
    // for at low priority so it never competes with what the page needs now (the bench tells these
    // requests from the scripts a page runs by that priority).
    if (atIdle) {
      link.dataset['idle'] = '';
      link.fetchPriority = 'low';
    }
    head.append(link);
  }
}

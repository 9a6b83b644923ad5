/**
 * The `client:afterpaint` hydration directive (registered by
 * src/integrations/island-directives.ts), for every tool island: it hydrates once the page has
 * painted and the island is within about one screen of the viewport (so its code is there by the
 * time the reader scrolls to it), or at once when the reader starts using it (focus, pointer, key). Unlike `client:visible`, an island on the first screen
 * does not fetch its framework before that screen is drawn, so on a slow phone its server-rendered
 * HTML is the page's largest paint and the scripts never delay it. Nothing the reader does before
 * hydration is lost (src/lib/islands/early-input.ts). With the value `interaction`
 * (`client:afterpaint="interaction"`) it waits for the reader to use it, wherever it is: for a
 * form on the first screen whose code is large and whose HTML can be typed into at once (/auth).
 * When it starts, every script file the island needs is asked for at once (./preload.ts); before
 * that, once the page has loaded and the main thread is idle, a tool's files are preloaded (fetched,
 * not run) so a reader who jumps to the tool by a link does not wait for them (./idle-preload.ts).
 */
import type { ClientDirective } from 'astro';
import { NEAR_VIEW, STARTERS, whenPainted } from '../after-paint';
import { partBoxOf } from '../article-parts';
import { catchEarlyInput } from './early-input';
import { connectionOf, shouldPreloadAtIdle, whenLoadedAndIdle } from './idle-preload';
import { preloadFiles } from './preload';

const hydrateAfterPaint: ClientDirective = (load, options, el) => {
  let started = false;
  let painted = false;
  let near = false;
  const early = catchEarlyInput(el, () => start());

  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near = true;
      if (painted) start();
    },
    { rootMargin: NEAR_VIEW },
  );

  function start(): void {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const type of STARTERS) el.removeEventListener(type, start, true);
    preloadFiles(el);
    void load().then((hydrate) => early.adopt(hydrate));
  }

  for (const type of STARTERS) el.addEventListener(type, start, { capture: true, passive: true });
  // `client:afterpaint="interaction"`: only when used (a form on the first screen that works as HTML).
  if (options.value === 'interaction') return;
  whenLoadedAndIdle(() => {
    const { saveData, effectiveType } = connectionOf();
    if (shouldPreloadAtIdle({ name: options.name, started, saveData, effectiveType })) preloadFiles(el, true);
  });
  for (const child of el.children) observer.observe(partBoxOf(child));
  whenPainted(() => {
    painted = true;
    if (near) start();
  });
};

export default hydrateAfterPaint;

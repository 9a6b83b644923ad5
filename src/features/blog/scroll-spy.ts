/**
 * Scroll-spy for a table of contents: marks with aria-current="location" the link of the last
 * section whose heading has scrolled past the top quarter of the screen.
 *
 * A heading that opens an article part is measured by its part, as partBoxOf in
 * src/lib/article-parts.ts does: measuring the heading itself would make the browser lay out every
 * part on each scroll. The part starts at the heading's top margin. (Importing partBoxOf would make
 * this inlined script a file and a shared chunk, two requests, for one line.)
 */
export function initScrollSpy(toc: HTMLElement): void {
  const links = [...toc.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const sections = links
    .map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))))
    .filter((heading): heading is HTMLElement => heading !== null)
    .map((heading) => ({ id: heading.id, box: heading.closest('.article-part') ?? heading }));
  if (sections.length === 0) return;

  let frame = 0;
  const update = () => {
    frame = 0;
    const line = window.innerHeight * 0.25;
    let current = sections[0];
    for (const section of sections) {
      if (section.box.getBoundingClientRect().top <= line) current = section;
    }
    for (const link of links) {
      if (link.hash === `#${current?.id}`) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    }
  };
  window.addEventListener('scroll', () => (frame ||= requestAnimationFrame(update)), { passive: true });
  window.addEventListener('resize', () => (frame ||= requestAnimationFrame(update)));
  update();
}

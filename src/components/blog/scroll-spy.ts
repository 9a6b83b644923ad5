/**
 * Scroll-spy for a table of contents: marks with aria-current="location" the link of the last
 * section whose heading has scrolled past the top quarter of the screen.
 *
 * A heading that opens an article part (scripts/article-parts.ts) is measured by its part: the
 * part's own box is laid out while its content is skipped, and measuring the heading itself would
 * make the browser lay out every part on each scroll. The part starts at the heading's top margin.
 */
export function initScrollSpy(toc: HTMLElement): void {
  const links = [...toc.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const sections = links
    .map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))))
    .filter((heading): heading is HTMLElement => heading !== null)
    .map((heading) => ({ id: heading.id, box: boxOf(heading) }));
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

/** The element whose top is measured for a heading: the article part it opens, or the heading itself. */
function boxOf(heading: HTMLElement): Element {
  const parent = heading.parentElement;
  return parent?.classList.contains('article-part') && parent.firstElementChild === heading ? parent : heading;
}

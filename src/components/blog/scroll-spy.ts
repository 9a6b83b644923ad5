/**
 * Scroll-spy for a table of contents: marks with aria-current="location" the link of the last
 * section whose heading has scrolled past the top quarter of the screen.
 */
export function initScrollSpy(toc: HTMLElement): void {
  const links = [...toc.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
  const sections = links
    .map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))))
    .filter((el): el is HTMLElement => el !== null);
  if (sections.length === 0) return;

  let frame = 0;
  const update = () => {
    frame = 0;
    const line = window.innerHeight * 0.25;
    let current = sections[0];
    for (const section of sections) {
      if (section.getBoundingClientRect().top <= line) current = section;
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

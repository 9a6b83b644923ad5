/**
 * The filter-type tabs without a framework (ARIA tabs pattern, automatic activation): one tab
 * in the tab order, arrow keys and Home/End move between tabs and select them, and the one panel
 * shows the cards of the selected tab's types. Without script every card simply stays visible.
 */

/** The tab index a key moves to from `current`, wrapping at both ends; null for other keys. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

function select(tabs: HTMLButtonElement[], chosen: HTMLButtonElement, panel: HTMLElement): void {
  for (const tab of tabs) {
    const selected = tab === chosen;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  panel.setAttribute('aria-labelledby', chosen.id);
  const types = new Set((chosen.dataset['types'] ?? '').split(' '));
  for (const card of panel.querySelectorAll<HTMLElement>('[data-filter-type]')) {
    card.hidden = !types.has(card.dataset['filterType'] ?? '');
  }
}

/** Wires every `[data-filter-tabs]` block under `root`. Safe to call once per page load. */
export function initFilterTabs(root: Document): void {
  for (const block of root.querySelectorAll<HTMLElement>('[data-filter-tabs]')) {
    const tablist = block.querySelector<HTMLElement>('[role="tablist"]');
    const panel = block.querySelector<HTMLElement>('[data-filter-panel]');
    if (!tablist || !panel) continue;
    const tabs = [...tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    panel.setAttribute('role', 'tabpanel');
    // The cards hold no focusable element, so the panel itself takes focus after the tabs.
    panel.tabIndex = 0;
    select(tabs, tabs.find((t) => t.getAttribute('aria-selected') === 'true') ?? tabs[0]!, panel);
    tablist.hidden = false;

    tablist.addEventListener('click', (event) => {
      const tab = (event.target as Element | null)?.closest<HTMLButtonElement>('[role="tab"]');
      if (tab) select(tabs, tab, panel);
    });
    tablist.addEventListener('keydown', (event) => {
      const index = tabs.indexOf(event.target as HTMLButtonElement);
      const next = index < 0 ? null : nextTabIndex(event.key, index, tabs.length);
      if (next === null) return;
      event.preventDefault();
      tabs[next]!.focus();
      select(tabs, tabs[next]!, panel);
    });
  }
}

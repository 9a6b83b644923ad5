/** The header's link and menu-button style: a 44 px target, tinted on hover. */
export const HEADER_LINK =
  'inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-2.5 font-medium text-ink hover:bg-brand-50 hover:text-brand-800';

/**
 * The printable guides (docs/product/leads.md#printable-guides): their addresses, the lead dialogs'
 * names for them and their titles. Shared core: the guide e-mail (functions/lead.ts) links them,
 * so relative imports with the extension only.
 */

/** One downloadable guide: its address under /downloads, the lead form's downloadType and its title. */
export interface GuidePdf {
  readonly slug: 'air-filter-checklist' | 'air-filter-schedule' | 'diy-vs-professional';
  readonly downloadType: string;
  readonly title: string;
}

/** The guides, as the lead dialogs name them (docs/product/leads.md#guide-downloads). */
export const GUIDE_PDFS: readonly GuidePdf[] = [
  {
    slug: 'air-filter-checklist',
    downloadType: 'Air Filter Replacement Checklist',
    title: 'Air Filter Replacement Checklist',
  },
  { slug: 'air-filter-schedule', downloadType: 'Air Filter Schedule Guide', title: 'Air Filter Schedule Guide' },
  {
    slug: 'diy-vs-professional',
    downloadType: 'DIY vs Professional Guide',
    title: 'DIY vs Professional Air Filter Guide',
  },
];

/** Where a guide's PDF is served: /downloads/<slug>.pdf. */
export function guidePdfPath(slug: GuidePdf['slug']): string {
  return `/downloads/${slug}.pdf`;
}

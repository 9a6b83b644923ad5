import type { APIRoute, GetStaticPaths } from 'astro';
import { getEntry } from 'astro:content';
import { buildGuidePdf } from '@/features/guide-pdfs/guide-pdfs';
import { GUIDE_PDFS, type GuidePdf } from '@/features/guides/guides';

/** /downloads/<guide>.pdf: each printable guide as a real PDF, written at build time (docs/product/leads.md#printable-guides). */
export const getStaticPaths: GetStaticPaths = () => GUIDE_PDFS.map((guide) => ({ params: { guide: guide.slug } }));

export const GET: APIRoute = async ({ params }) => {
  const article = await getEntry('blog', 'how-to-change-air-filter');
  const howTo = article?.data.howTo;
  if (!howTo) throw new Error('The air filter change article needs its howTo frontmatter');
  const bytes = await buildGuidePdf(params['guide'] as GuidePdf['slug'], howTo);
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
    headers: { 'Content-Type': 'application/pdf' },
  });
};

import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { buildGuidePdf } from '@/features/guide-pdfs/guide-pdfs';
import { GUIDE_PDFS, guidePdfPath } from '@/features/guides/guides';

const checklist = {
  supplies: ['A new filter'],
  tools: ['Flashlight'],
  steps: [{ name: 'Turn off the system', text: 'Set the thermostat to Off.' }],
};

describe('guide PDFs (docs/product/leads.md#printable-guides)', () => {
  test.each(GUIDE_PDFS)('$slug is a PDF that opens, titled "$title"', async ({ slug, title }) => {
    const bytes = await buildGuidePdf(slug, checklist);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe(title);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  });

  test('the same content gives the same bytes, so a rebuild changes nothing', async () => {
    const first = await buildGuidePdf('air-filter-schedule', checklist);
    const second = await buildGuidePdf('air-filter-schedule', checklist);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  test('each lives under /downloads', () => {
    expect(GUIDE_PDFS.map((g) => guidePdfPath(g.slug))).toEqual([
      '/downloads/air-filter-checklist.pdf',
      '/downloads/air-filter-schedule.pdf',
      '/downloads/diy-vs-professional.pdf',
    ]);
  });
});

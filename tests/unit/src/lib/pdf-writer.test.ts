import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { GuideWriter, pdfSafe, wrapText } from '@/lib/pdf-writer';

describe('pdfSafe', () => {
  test('plain forms of the characters the standard fonts cannot draw', () => {
    expect(pdfSafe('“Don’t” – 75 → 60 × 0.8 …')).toBe('"Don\'t" - 75 -> 60 x 0.8 ...');
    expect(pdfSafe('µm and 99.97%')).toBe('µm and 99.97%');
    expect(pdfSafe('emoji 🙂 gone')).toBe('emoji  gone');
  });
});

describe('wrapText', () => {
  test('no line is wider than asked, and no word is lost', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const text = 'Check the filter every month, and sooner after windy days with the windows open.';
    const lines = wrapText(text, font, 10, 120);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe(text);
  });
});

test('a long guide flows onto new pages', async () => {
  const writer = await GuideWriter.create('Title', 'Footer', 'Subject');
  writer.list(
    Array.from({ length: 120 }, (_, i) => `Item ${i + 1}`),
    'tick',
  );
  const doc = await PDFDocument.load(await writer.save());
  expect(doc.getPageCount()).toBeGreaterThan(2);
});

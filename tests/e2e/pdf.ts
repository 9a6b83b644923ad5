/** Opens a downloaded or fetched guide as a PDF (docs/product/leads.md#printable-guides) and checks what it is. */
import { readFile } from 'node:fs/promises';
import { expect, type Download } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

/** Fails unless `bytes` are a PDF that opens, with this title and at least one page. */
export async function expectPdf(bytes: Uint8Array, title: string): Promise<PDFDocument> {
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const doc = await PDFDocument.load(bytes);
  expect(doc.getTitle()).toBe(title);
  expect(doc.getPageCount()).toBeGreaterThan(0);
  return doc;
}

/** The same for a file the browser downloaded. */
export async function expectPdfDownload(download: Download, title: string): Promise<PDFDocument> {
  return expectPdf(await readFile(await download.path()), title);
}

/**
 * A small flowing-text writer over pdf-lib for the printable guides (docs/product/leads.md#printable-guides):
 * headings, wrapped paragraphs, tick-box lists and simple tables on US Letter pages, each page with
 * the business's name and address in its footer. Uses the standard Helvetica fonts, so text is
 * reduced to the characters they can draw (WinAnsi).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const PAGE = { width: 612, height: 792, margin: 54 } as const;
const INK = rgb(0.09, 0.13, 0.18);
const MUTED = rgb(0.33, 0.38, 0.45);
const BRAND = rgb(0.07, 0.36, 0.34);
const RULE = rgb(0.8, 0.83, 0.87);

/** Characters the standard fonts cannot draw, and what stands in for them. */
const REPLACEMENTS: readonly [RegExp, string][] = [
  [/[\u2018\u2019]/g, "'"],
  [/[\u201C\u201D]/g, '"'],
  [/[\u2013\u2014\u2212]/g, '-'],
  [/\u00D7/g, 'x'],
  [/\u2192/g, '->'],
  [/\u2026/g, '...'],
  [/[\u00A0\u202F]/g, ' '],
];

/** Text the standard PDF fonts can draw: curly quotes, dashes and arrows in their plain forms. */
export function pdfSafe(text: string): string {
  const replaced = REPLACEMENTS.reduce((t, [pattern, plain]) => t.replace(pattern, plain), text);
  // Anything else outside Latin-1 would make pdf-lib throw; it is dropped rather than break the build.
  return replaced.replace(/[^\n\x20-\x7E\xA0-\xFF]/g, '');
}

/** Splits text into lines no wider than `width` at `size` points. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of pdfSafe(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A guide being written: call its methods in reading order, then `save()`. */
export class GuideWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly doc: PDFDocument;
  private readonly regular: PDFFont;
  private readonly bold: PDFFont;
  private readonly footer: string;

  private constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont, footer: string) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.footer = footer;
    this.newPage();
  }

  /** A new guide with its document title (also the PDF's Title) and the footer line of every page. */
  static async create(title: string, footer: string, subject: string): Promise<GuideWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(pdfSafe(title));
    doc.setSubject(pdfSafe(subject));
    doc.setAuthor(pdfSafe(footer));
    doc.setLanguage('en-US');
    // A fixed date keeps each build's PDF byte-identical for the same content.
    doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
    doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
    const writer = new GuideWriter(
      doc,
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
      footer,
    );
    writer.heading(title, 22);
    return writer;
  }

  private get width(): number {
    return PAGE.width - 2 * PAGE.margin;
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    this.page.drawText(pdfSafe(this.footer), { x: PAGE.margin, y: 30, size: 8, font: this.regular, color: MUTED });
  }

  /** Starts a new page when fewer than `height` points are left. */
  private room(height: number): void {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  private lines(text: string, opts: { size: number; bold?: boolean; indent?: number; color?: typeof INK }): void {
    const font = opts.bold ? this.bold : this.regular;
    const indent = opts.indent ?? 0;
    for (const line of wrapText(text, font, opts.size, this.width - indent)) {
      this.room(opts.size * 1.4);
      this.y -= opts.size * 1.4;
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size: opts.size, font, color: opts.color ?? INK });
    }
  }

  /** A heading, kept with at least a few lines of what follows. */
  heading(text: string, size = 15): this {
    this.room(size * 1.6 + 60);
    this.y -= size * 0.6;
    this.lines(text, { size, bold: true, color: BRAND });
    this.y -= 4;
    return this;
  }

  /** A paragraph of body text. */
  paragraph(text: string, muted = false): this {
    this.lines(text, { size: 10.5, color: muted ? MUTED : INK });
    this.y -= 6;
    return this;
  }

  /** A list: tick boxes to fill in by hand, numbers, or bullets. */
  list(items: readonly string[], style: 'tick' | 'number' | 'bullet' = 'bullet'): this {
    items.forEach((item, index) => {
      // The whole item stays on one page, so its mark and its text are drawn together.
      this.room(wrapText(item, this.regular, 10.5, this.width - 20).length * 10.5 * 1.4 + 4);
      const top = this.y;
      this.lines(item, { size: 10.5, indent: 20 });
      const x = PAGE.margin + 2;
      const baseline = top - 10.5 * 1.4;
      if (style === 'tick') {
        this.page.drawRectangle({ x, y: baseline - 1, width: 9, height: 9, borderColor: INK, borderWidth: 0.8 });
      } else {
        const mark = style === 'number' ? `${index + 1}.` : '-';
        this.page.drawText(mark, { x, y: baseline, size: 10.5, font: this.bold, color: BRAND });
      }
      this.y -= 4;
    });
    this.y -= 4;
    return this;
  }

  /** A table with a header row; column widths are shares of the page width. */
  table(header: readonly string[], rows: readonly (readonly string[])[], widths?: readonly number[]): this {
    const shares = widths ?? header.map(() => 1 / header.length);
    const columns = shares.map((share) => share * this.width);
    const row = (cells: readonly string[], bold: boolean) => {
      const font = bold ? this.bold : this.regular;
      const wrapped = cells.map((cell, i) => wrapText(cell, font, 9.5, (columns[i] ?? 0) - 6));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * 13 + 6;
      this.room(height);
      let x = PAGE.margin;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, n) => {
          this.page.drawText(line, { x: x + 3, y: this.y - 13 * (n + 1), size: 9.5, font, color: INK });
        });
        x += columns[i] ?? 0;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: PAGE.margin, y: this.y + 2 },
        end: { x: PAGE.margin + this.width, y: this.y + 2 },
        thickness: 0.5,
        color: RULE,
      });
    };
    row(header, true);
    rows.forEach((cells) => row(cells, false));
    this.y -= 10;
    return this;
  }

  /** The finished PDF's bytes. */
  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

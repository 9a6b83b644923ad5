/**
 * Renders public/og-default.png (1200x630), the link-preview image of every page, from the
 * business name and phone in src/site.ts (content/business.json), and public/logo.png (512x512),
 * the logo of the structured data (at least 112 px: docs/product.md#page-metadata), from
 * public/favicon.svg. Run after changing the name or phone: `npx node scripts/og-image.ts`.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { HOME_BASE, SITE } from '../src/site.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0a3532"/>
  <rect x="0" y="560" width="1200" height="70" fill="#f5a524"/>
  <g transform="translate(90 110) scale(4)">
    <rect width="32" height="32" rx="8" fill="#1f8a80"/>
    <path d="M7 16.5 16 9l9 7.5" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M10 15v8h12v-8" stroke="#fff" stroke-width="2.5" fill="none" stroke-linejoin="round"/>
    <path d="M14 23v-4h4v4" fill="#f5a524"/>
  </g>
  <text x="90" y="340" font-family="DejaVu Sans, Arial, sans-serif" font-size="58" font-weight="700" fill="#ffffff">${escape(SITE.name)}</text>
  <text x="90" y="420" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#d5ecea">Filters, vents, detectors and Autopilot plans</text>
  <text x="90" y="475" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#d5ecea">${escape(HOME_BASE)} · ${escape(SITE.phone.display)}</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile('public/og-default.png');
console.log('wrote public/og-default.png');

await sharp(readFileSync('public/favicon.svg'), { density: 1536 })
  .resize(512, 512)
  .png({ compressionLevel: 9, palette: true })
  .toFile('public/logo.png');
console.log('wrote public/logo.png');

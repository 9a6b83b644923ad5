/**
 * The HTML of every e-mail the site sends (docs/product/email-layout.md), drawn with React Email's
 * components and rendered by its `render` when the outbox sends (functions/_lib/platform/mail.ts):
 * the house mark and the business's name, a hidden preheader, the heading, the words, the details
 * as a compact table, each action a button with words, and the footer with the business's name,
 * phone, e-mail and place (and a marketing e-mail's unsubscribe line). Every colour is set with
 * its background on the same element, so a mail program that darkens the message darkens both.
 * Written with `createElement` rather than JSX: Node loads this file directly from functions/
 * (type stripping only). Shared core: relative imports with the extension only.
 */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
  render,
} from '@react-email/components';
import { SITE } from '../../site.ts';
import type { MailLayout } from './compose.ts';

/** The site's colours (tailwind.config.cjs): ink on white, the brand teal (brand-700) for buttons. */
const INK = '#1d2a2f';
const MUTED = '#4a5a60';
const PAPER = '#ffffff';
const PAGE = '#eef7f6';
const BRAND = '#115d57';
const FONT = 'Arial, Helvetica, sans-serif';

const text: CSSProperties = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', color: INK };
const small: CSSProperties = { fontSize: '14px', lineHeight: '20px', margin: '0 0 4px', color: MUTED };
/** Long words (an order number, an address) wrap instead of widening the message. */
const wrap: CSSProperties = { overflowWrap: 'anywhere', wordBreak: 'break-word' };

/** The place line of the footer: the street (or the area served), the city, the state and the ZIP code. */
export function placeLine(): string {
  const where = SITE.address.street ?? SITE.address.serviceArea;
  return [where, `${SITE.area.city}, ${SITE.area.region} ${SITE.address.postalCode}`].filter(Boolean).join(', ');
}

function header(origin: string): ReactNode {
  return h(
    Section,
    { style: { padding: '20px 20px 0', backgroundColor: PAPER } },
    h(
      Link,
      { href: `${origin}/`, style: { color: INK, textDecoration: 'none', fontSize: '18px', fontWeight: 700 } },
      h(Img, {
        src: `${origin}/logo.png`,
        width: 32,
        height: 32,
        alt: '',
        style: { display: 'inline-block', verticalAlign: 'middle', marginRight: '8px', border: 0 },
      }),
      h('span', { style: { verticalAlign: 'middle' } }, SITE.name),
    ),
  );
}

function details(rows: MailLayout['details']): ReactNode {
  if (rows.length === 0) return null;
  const cell: CSSProperties = { padding: '6px 0', fontSize: '15px', lineHeight: '22px', verticalAlign: 'top', ...wrap };
  return h(
    'table',
    {
      role: 'presentation',
      cellPadding: 0,
      cellSpacing: 0,
      style: { width: '100%', borderCollapse: 'collapse', margin: '0 0 16px', borderTop: '1px solid #e5e7eb' },
    },
    h(
      'tbody',
      null,
      rows.map(([label, value], i) =>
        h(
          'tr',
          { key: i, style: { borderBottom: '1px solid #e5e7eb' } },
          h(
            'th',
            { scope: 'row', style: { ...cell, textAlign: 'left', paddingRight: '12px', color: MUTED, width: '38%' } },
            label,
          ),
          h('td', { style: { ...cell, color: INK } }, value),
        ),
      ),
    ),
  );
}

function actions(list: MailLayout['actions']): ReactNode {
  if (list.length === 0) return null;
  return h(
    Section,
    { style: { margin: '8px 0 16px' } },
    list.map(({ label, url }, i) =>
      h(
        Button,
        {
          key: i,
          href: url,
          style: {
            display: 'inline-block',
            margin: '0 8px 8px 0',
            padding: '12px 20px',
            borderRadius: '8px',
            // The first action is the message's main one; the others are outlined.
            backgroundColor: i === 0 ? BRAND : PAPER,
            color: i === 0 ? PAPER : BRAND,
            border: `2px solid ${BRAND}`,
            fontSize: '16px',
            lineHeight: '20px',
            fontWeight: 700,
            textDecoration: 'none',
          },
        },
        label,
      ),
    ),
  );
}

function footer(origin: string, unsubscribeUrl: string | undefined): ReactNode {
  const link: CSSProperties = { color: MUTED, textDecoration: 'underline' };
  return h(
    Section,
    { style: { padding: '0 20px 20px', backgroundColor: PAPER } },
    h(Hr, { style: { borderColor: '#e5e7eb', margin: '0 0 16px' } }),
    h(Text, { style: { ...small, fontWeight: 700 } }, SITE.name),
    h(
      Text,
      { style: small },
      h(Link, { href: SITE.phone.href, style: link }, SITE.phone.display),
      ' · ',
      h(Link, { href: `mailto:${SITE.email}`, style: link }, SITE.email),
    ),
    h(Text, { style: small }, placeLine()),
    h(Text, { style: small }, h(Link, { href: `${origin}/`, style: link }, 'Visit our website')),
    unsubscribeUrl
      ? h(
          Text,
          { style: { ...small, marginTop: '12px' } },
          'You get this because you booked or asked for a guide with us. ',
          h(Link, { href: unsubscribeUrl, style: link }, 'Unsubscribe'),
        )
      : null,
  );
}

/** The e-mail as React Email elements. */
export function MailMessage({ layout, origin }: { layout: MailLayout; origin: string }): ReactNode {
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('title', null, layout.subject),
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('meta', { name: 'supported-color-schemes', content: 'light' }),
    ),
    h(Preview, null, layout.preheader),
    h(
      Body,
      { style: { margin: 0, padding: '16px 8px', backgroundColor: PAGE, color: INK, fontFamily: FONT } },
      h(
        Container,
        { style: { maxWidth: '600px', width: '100%', backgroundColor: PAPER, color: INK, borderRadius: '8px' } },
        header(origin),
        h(
          Section,
          { style: { padding: '8px 20px 8px', backgroundColor: PAPER, ...wrap } },
          h(
            Heading,
            { as: 'h1', style: { fontSize: '22px', lineHeight: '28px', margin: '16px 0', color: INK } },
            layout.subject,
          ),
          h(Text, { style: text }, layout.greeting),
          layout.paragraphs.map((p, i) => h(Text, { key: `p${i}`, style: text }, p)),
          details(layout.details),
          actions(layout.actions),
          layout.after.map((p, i) => h(Text, { key: `a${i}`, style: text }, p)),
        ),
        footer(origin, layout.unsubscribeUrl),
      ),
    ),
  );
}

/** The HTML of an e-mail, for the site at `origin` (where the house mark and the links point). */
export async function renderMailHtml(layout: MailLayout, origin: string): Promise<string> {
  return render(h(MailMessage, { layout, origin }));
}

/**
 * Finds every dollar amount in a built page and says whether the pricing modules produce or explain
 * it (docs/product/services.md#informational-ranges). An amount is explained by the nearest element around it
 * that carries `data-price`:
 * - `charge` (with `data-service`): an amount the pricing module charges for that service, or one
 *   of its parts (a grade's surcharge, an additional detector, a vent);
 * - `range`: an informational range of a service page's content, shown with what it covers
 *   (`data-covers`, whose text must be inside the element);
 * - `filter` (with `data-filter`): a price inside that filter type's range in the filter catalogue;
 * - `estimate`: a model's figure, in an element that says it is an estimate;
 * - `input`: a value the reader sets in a tool (an element holding its field, or the field's hint);
 * - `extra` (with `data-extra`): the listed price of that item of the extras' catalogue
 *   (content/extras.json, docs/product/extras.md#the-catalogue).
 * An unmarked amount passes only when it is a price of an Autopilot plan (plans.ts) inside a section
 * that names the plans. Anything else is a stated price the modules do not explain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { parse as parseYaml } from 'yaml';
import {
  FILTER_QUALITIES,
  FILTER_SURCHARGE_CENTS,
  OPTION_LIMITS,
  PER_ADDITIONAL_DETECTOR_CENTS,
  PER_VENT_CENTS,
  SERVICE_NAMES,
  SERVICE_TYPES,
  servicePriceCents,
  type ServiceType,
} from '../../src/features/booking/pricing.ts';
import { FILTERS, type FilterFacts } from '../../src/features/filters/catalogue.ts';
import { PLANS, planPricing } from '../../src/features/plans/plans.ts';
import { extraById } from '../../src/features/extras/extras.ts';

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];
type Element = DefaultTreeAdapterMap['element'];

/** One dollar amount and where it stands. */
export interface PriceStatement {
  readonly page: string;
  /** "$35.00", "$89-129", "$25-100+". */
  readonly amount: string;
  /** The text around it, for a readable failure. */
  readonly context: string;
  /** Why it is not explained, or null when it is. */
  readonly problem: string | null;
}

const AMOUNT = /\$(\d+(?:,\d{3})*(?:\.\d{2})?)(?:-\$?(\d+(?:,\d{3})*(?:\.\d{2})?))?\+?/g;
const cents = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);

/** Every amount each bookable service can be charged, and the parts a total is made of. */
function chargeable(serviceType: ServiceType): Set<number> {
  const amounts = new Set<number>();
  if (serviceType === 'air-filter-replacement') {
    for (const filterQuality of FILTER_QUALITIES) {
      amounts.add(servicePriceCents(serviceType, { filterQuality }));
      amounts.add(FILTER_SURCHARGE_CENTS[filterQuality]);
    }
  } else if (serviceType === 'smoke-detector-batteries') {
    const { min, max } = OPTION_LIMITS.additionalDetectors;
    for (let n = min; n <= max; n++) amounts.add(servicePriceCents(serviceType, { additionalDetectors: n }));
    amounts.add(PER_ADDITIONAL_DETECTOR_CENTS);
  } else if (serviceType === 'vacuum-cleanout') {
    const { min, max } = OPTION_LIMITS.ventCount;
    for (let n = min; n <= max; n++) amounts.add(servicePriceCents(serviceType, { ventCount: n }));
    amounts.add(PER_VENT_CENTS);
  } else {
    amounts.add(servicePriceCents(serviceType, {}));
  }
  return amounts;
}

/** Every figure a plan's price is stated in: per month, visit, year, a year's total and the savings. */
const PLAN_AMOUNTS = new Set(
  PLANS.flatMap((plan) => planPricing(plan).flatMap((p) => [p.price, p.total, p.savings])).map((d) => d * 100),
);

/** The informational ranges of every service page, as content/services/*.yaml types them. */
export function contentRanges(root: string): { range: string; covers: string }[] {
  const dir = join(root, 'content/services');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) => {
      const data = parseYaml(readFileSync(join(dir, name), 'utf8')) as {
        pricing: { ranges: { range: string; covers: string }[] };
      };
      return data.pricing.ranges;
    });
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (node.nodeName === 'script' || node.nodeName === 'style') return '';
  const children = 'childNodes' in node ? node.childNodes : [];
  return children.map(textOf).join('');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function explain(
  amount: RegExpMatchArray,
  ancestors: readonly Element[],
  ranges: readonly { range: string; covers: string }[],
): string | null {
  const low = cents(amount[1] ?? '0');
  const isRange = amount[2] !== undefined || amount[0].endsWith('+');
  const marked = [...ancestors].reverse().find((el) => attr(el, 'data-price') !== undefined);
  const kind = marked ? attr(marked, 'data-price') : undefined;
  if (marked && kind === 'charge') {
    const service = attr(marked, 'data-service') as ServiceType | undefined;
    if (!service || !(SERVICE_TYPES as readonly string[]).includes(service))
      return 'charge without a bookable data-service';
    if (isRange) return `a range inside what we charge for ${service}`;
    return chargeable(service).has(low) ? null : `${SERVICE_NAMES[service]} is never charged ${amount[0]}`;
  }
  if (marked && kind === 'range') {
    const covers = attr(marked, 'data-covers') ?? '';
    if (!covers) return 'a range without data-covers';
    if (!squash(textOf(marked)).toLowerCase().includes(squash(covers).toLowerCase())) {
      return `the range is not shown with what it covers ("${covers}")`;
    }
    const known = ranges.find((r) => r.covers === covers);
    if (!known) return `"${covers}" is not a range of any service page's content`;
    return known.range.startsWith(amount[0]) ? null : `${amount[0]} is not the content's ${known.range}`;
  }
  if (marked && kind === 'filter') {
    const id = attr(marked, 'data-filter') ?? '';
    const facts: FilterFacts | undefined = id in FILTERS ? FILTERS[id as keyof typeof FILTERS] : undefined;
    const price = facts?.price;
    if (!facts || !price) return `data-filter="${id}" is not a filter type with a price`;
    const within = (c: number) =>
      c >= price.min * 100 && (price.orMore === true || c <= (price.max ?? price.min) * 100);
    const high = amount[2] === undefined ? low : cents(amount[2]);
    return within(low) && within(high) ? null : `${amount[0]} is outside the catalogue's price for ${facts.name}`;
  }
  if (marked && kind === 'estimate') {
    return /estimate/i.test(textOf(marked)) ? null : 'an estimate that does not say it is one';
  }
  if (marked && kind === 'input') {
    const hasField = (node: Node): boolean =>
      node.nodeName === 'input' || ('childNodes' in node && node.childNodes.some(hasField));
    const isHint = ancestors.some((el) => /-hint$/.test(attr(el, 'id') ?? ''));
    return hasField(marked) || isHint ? null : 'an input amount outside any field';
  }
  if (marked && kind === 'extra') {
    const id = attr(marked, 'data-extra') ?? '';
    const extra = extraById(id);
    if (!extra || extra.ownerPriced) return `data-extra="${id}" is not an extra with a listed price`;
    if (isRange) return `a range inside the listed price of ${extra.name}`;
    return extra.priceCents === low ? null : `${amount[0]} is not the listed price of ${extra.name}`;
  }
  if (marked) return `unknown data-price="${kind ?? ''}"`;
  const inPlanContext = ancestors.some(
    (el) =>
      ['section', 'article', 'fieldset', 'table', 'form', 'figure'].includes(el.nodeName) &&
      /Autopilot/.test(textOf(el)),
  );
  if (!isRange && PLAN_AMOUNTS.has(low) && inPlanContext) return null;
  return 'a price the pricing modules neither produce nor explain';
}

/** Every dollar amount in the body of one page, with whether it is explained. */
export function priceStatements(
  page: string,
  html: string,
  ranges: readonly { range: string; covers: string }[],
): PriceStatement[] {
  const statements: PriceStatement[] = [];
  const visit = (node: Node, ancestors: Element[]) => {
    if (node.nodeName === 'script' || node.nodeName === 'style' || node.nodeName === 'head') return;
    if (!('childNodes' in node)) return;
    const element = 'tagName' in node ? node : null;
    const chain = element ? [...ancestors, element] : ancestors;
    // Runs of text split only by comments (React's `<!-- -->`) are read as one.
    let run = '';
    const flush = () => {
      for (const amount of run.matchAll(AMOUNT)) {
        const start = Math.max(0, (amount.index ?? 0) - 50);
        statements.push({
          page,
          amount: amount[0],
          context: squash(run.slice(start, (amount.index ?? 0) + 60)),
          problem: explain(amount, chain, ranges),
        });
      }
      run = '';
    };
    for (const child of node.childNodes) {
      if (child.nodeName === '#text') run += (child as DefaultTreeAdapterMap['textNode']).value;
      else if (child.nodeName !== '#comment') {
        flush();
        visit(child, chain);
      }
    }
    flush();
  };
  visit(parse(html), []);
  return statements;
}

/** Every Offer price in the page's JSON-LD that is not a service's base price or a plan's monthly price. */
export function unexplainedOffers(page: string, html: string): string[] {
  const problems: string[] = [];
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (typeof value !== 'object' || value === null) return;
      const node = value as Record<string, unknown>;
      if (node['@type'] === 'Offer') {
        const name = String(node['name']);
        const price = cents(String(node['price']));
        const service = SERVICE_TYPES.find((s) => SERVICE_NAMES[s] === name);
        const plan = PLANS.find((p) => name.startsWith(p.name));
        const ok = service ? servicePriceCents(service, {}) === price : plan ? plan.monthly * 100 === price : false;
        if (!ok) problems.push(`${page}: Offer "${name}" at ${String(node['price'])}`);
      }
      Object.values(node).forEach(walk);
    };
    walk(JSON.parse(json ?? 'null'));
  }
  return problems;
}

/** The built pages under dist/, as [root-relative path, html]. */
export function builtPages(distDir: string): [string, string][] {
  return readdirSync(distDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return [`/${relative(distDir, file).replace(/\.html$/, '')}`, readFileSync(file, 'utf8')];
    });
}

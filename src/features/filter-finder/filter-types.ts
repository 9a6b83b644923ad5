/**
 * The six filter types as the filter types guide describes them (docs/product/tools.md#filter-types-catalogue): each type's
 * figures from the filter catalogue, and the guide's own words about it. The guide's tab cards and
 * the finder's result card both read this one list.
 */
import {
  FILTER_TYPE_IDS,
  FILTERS,
  lifespanLabel,
  type FilterTypeId,
  type Level,
  type Range,
} from '@/features/filters/catalogue';

/** What the guide says about a type, beyond the catalogue's figures. */
interface TypeDescription {
  readonly description: string;
  readonly pros: readonly string[];
  readonly cons: readonly string[];
  readonly bestFor: string;
  readonly environmentalImpact: string;
}

/** One filter type (docs/product/tools.md#filter-types-catalogue): the catalogue's figures and the guide's description. */
export interface FilterType extends TypeDescription {
  readonly id: FilterTypeId;
  readonly name: string;
  readonly merv: Range;
  /** Dollars per filter. */
  readonly price: Range;
  readonly lifespan: Range & { readonly unit: 'days' | 'months' | 'years' };
  readonly efficiency: Level;
  readonly airflowResistance: Level;
}

const DESCRIPTIONS: Record<FilterTypeId, TypeDescription> = {
  fiberglass: {
    description:
      'Spun glass fibers stretched across a flat cardboard frame. It stops lint, hair and large dust before they coat the blower and the cooling coil, but most pollen and fine dust pass straight through.',
    pros: [
      'Lowest price per filter',
      'Barely slows the air, so it suits any system',
      'Sold in nearly every size at hardware and grocery stores',
    ],
    cons: [
      'Catches little of the pollen, dander and fine dust that affect breathing',
      `Loads up fast: it needs changing every ${lifespanLabel(FILTERS.fiberglass)}`,
      'Twelve filters a year go to the landfill',
    ],
    bestFor: 'Tight budgets, short-term rentals and older systems that struggle to push air through denser media.',
    environmentalImpact: 'High: a new filter every month, and used filters go in the trash.',
  },
  pleated: {
    description:
      'Polyester or cotton-blend media folded into pleats, which fits far more filter surface into the same frame. It catches pollen, mold spores, dust mite debris and pet dander while still letting air move freely.',
    pros: [
      'Catches pollen, mold spores and pet dander',
      'Easy on airflow at MERV 8 and below',
      'Far more filtering than fiberglass for a few dollars more',
    ],
    cons: [
      'Costs more per filter than fiberglass',
      'Does little against smoke and the finest particles',
      'Cheap versions with few pleats load up sooner',
    ],
    bestFor: 'Most homes: the balance of clean air, easy airflow and cost that fits nearly every system.',
    environmentalImpact: 'Moderate: four to six filters a year instead of twelve.',
  },
  high_efficiency: {
    description:
      'Denser pleated media rated MERV 9 to 12. On top of what a standard pleated filter stops, it holds finer dust, more pollen fragments and part of the smoke and exhaust particles that drift indoors.',
    pros: [
      'Catches fine dust and allergen particles a standard filter misses',
      'A clear step up for allergies and pets',
      'Comes in standard 1-inch sizes, so the system needs no changes',
    ],
    cons: [
      'More resistance to airflow: the system has to be able to handle it',
      'Costs about twice as much as a standard pleated filter',
      'Restricts air quickly once it is overdue, so changes must stay on time',
    ],
    bestFor: 'Allergies, pets and larger homes with a system in good working order.',
    environmentalImpact: 'Moderate: about four filters a year.',
  },
  washable: {
    description:
      'A permanent frame with reusable mesh or charged synthetic media. Instead of buying a new filter, you rinse it, let it dry completely and slide it back in.',
    pros: [
      'One purchase lasts 5 years or more',
      'Almost no filter waste',
      'Over the years it costs less than a monthly fiberglass filter',
    ],
    cons: [
      'Needs rinsing about once a month and a full dry before it goes back',
      'A filter put back damp can grow mold, a real risk in humid Ozarks summers',
      'Catches less than a good disposable pleated filter',
    ],
    bestFor: 'Owners who will clean it every month without fail and want to cut waste.',
    environmentalImpact: 'Low: one filter for years; each cleaning uses a little water.',
  },
  electrostatic: {
    description:
      'Synthetic media with a built-in static charge, so particles cling to the fibers the way dust clings to a television screen. Because the charge does part of the work, the media can be more open than a plain filter of the same rating.',
    pros: [
      'Catches fine particles with less airflow resistance than dense media',
      'Good at pet dander and household dust',
      'Disposable, so there is nothing to wash or dry',
    ],
    cons: [
      'The charge weakens as the filter loads, so it catches less before it looks dirty',
      'Costs more than a standard pleated filter',
      'Does nothing for odors or gases',
    ],
    bestFor: 'Pets and dust in homes where the system needs to keep airflow up.',
    environmentalImpact: 'Moderate: about four filters a year.',
  },
  specialized: {
    description:
      'The premium group: MERV 13 to 16 filters, filters with activated carbon for odors, and deep 4- to 5-inch media filters that sit in a cabinet beside the furnace. Deep media spreads the air over much more surface, so it reaches high efficiency with moderate resistance and can last 6 to 12 months.',
    pros: [
      'Catches the finest particles a home system can handle, including smoke',
      'Deep media filters last up to a year',
      'Carbon versions cut cooking and pet odors',
    ],
    cons: [
      'The highest price per filter',
      'Dense 1-inch versions can choke an older or undersized system',
      'Deep media needs a matching filter cabinet, usually fitted by an HVAC contractor',
    ],
    bestFor: 'Asthma, severe allergies and smoke-sensitive households with a newer system built for dense media.',
    environmentalImpact: 'Low to moderate: a deep media filter means one or two filters a year.',
  },
};

/** The six types in the finder's order (fiberglass first, specialized last). */
export const FILTER_TYPES: readonly FilterType[] = FILTER_TYPE_IDS.map((id) => {
  const { name, merv, price, lifespan, efficiency, airflowResistance } = FILTERS[id];
  return { id, name, merv, price, lifespan, efficiency, airflowResistance, ...DESCRIPTIONS[id] };
});

/** The filter type with this id. */
export function getFilterType(id: FilterTypeId): FilterType {
  const type = FILTER_TYPES.find((t) => t.id === id);
  if (!type) throw new RangeError(`Unknown filter type: ${id}`);
  return type;
}

/** The tabs over the type cards (docs/product/tools.md#filter-types-catalogue) and the types each one shows. */
export const FILTER_TABS = [
  { id: 'all', label: 'All Types', types: FILTER_TYPE_IDS },
  { id: 'basic', label: 'Basic', types: ['fiberglass'] },
  { id: 'pleated', label: 'Pleated', types: ['pleated'] },
  { id: 'high-eff', label: 'High-Eff', types: ['high_efficiency'] },
  { id: 'washable', label: 'Washable', types: ['washable'] },
  { id: 'premium', label: 'Premium', types: ['electrostatic', 'specialized'] },
] as const satisfies readonly { id: string; label: string; types: readonly FilterTypeId[] }[];
export type FilterTabId = (typeof FILTER_TABS)[number]['id'];

/** The tab selected at first (docs/product/tools.md#filter-types-catalogue). */
export const DEFAULT_FILTER_TAB: FilterTabId = 'all';

/**
 * MERV (ASHRAE's standard) beside the two store-brand scales, FPR (Home Depot) and MPR (3M
 * Filtrete), in four bands. The brand scales use their own tests, so the matches are approximate.
 * Each band names the catalogue types usually rated within it, by id, so their names come from
 * the catalogue and a unit test can hold them to its MERV ranges.
 */
import { FILTERS, type FilterTypeId, type Range } from '@/features/filters/catalogue';

/** A type named in a band, with a word for the part of its range that falls there ("basic", "most"). */
interface BandType {
  readonly id: FilterTypeId;
  readonly qualifier?: string;
}

/** One band of the ratings table. */
export interface RatingBand {
  readonly merv: Required<Pick<Range, 'min' | 'max'>>;
  readonly fpr: string;
  readonly mpr: string;
  readonly catches: string;
  /** The catalogue types usually rated in this band. */
  readonly types: readonly BandType[];
}

/** The four bands, lowest first. */
export const RATING_BANDS: readonly RatingBand[] = [
  {
    merv: { min: 1, max: 4 },
    fpr: '1-3',
    mpr: 'Below 300',
    catches: 'Lint, hair, carpet fibers and large dust',
    types: [{ id: 'fiberglass' }, { id: 'washable', qualifier: 'basic' }],
  },
  {
    merv: { min: 5, max: 8 },
    fpr: '4-5',
    mpr: '300-600',
    catches: 'Adds pollen, mold spores, dust mite debris and pet dander',
    types: [{ id: 'pleated' }, { id: 'washable', qualifier: 'most' }],
  },
  {
    merv: { min: 9, max: 12 },
    fpr: '6-9',
    mpr: '700-1500',
    catches: 'Adds fine dust, pollen fragments and some smoke and exhaust particles',
    types: [{ id: 'high_efficiency' }, { id: 'electrostatic' }],
  },
  {
    merv: { min: 13, max: 16 },
    fpr: '10',
    mpr: '1900-2800',
    catches: 'Adds most smoke, many bacteria and the droplets that carry viruses',
    types: [{ id: 'specialized' }],
  },
];

/** A band's types in words: "Fiberglass, basic washable". */
export function bandTypesText(band: RatingBand): string {
  const text = band.types
    .map(({ id, qualifier }) => [qualifier, FILTERS[id].name.toLowerCase()].filter(Boolean).join(' '))
    .join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

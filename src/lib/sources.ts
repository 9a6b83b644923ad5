/**
 * The public sources the site quotes (docs/product/blog.md#sources), each once: a statement that cites
 * the DOE, the EPA, the NFPA, the U.S. Fire Administration, ASHRAE or NAFA links to its page from here.
 */
export const SOURCES = {
  'doe-ac': {
    name: 'U.S. Department of Energy, Energy Saver: Maintaining your air conditioner',
    url: 'https://www.energy.gov/energysaver/maintaining-your-air-conditioner',
  },
  'epa-merv': {
    name: 'U.S. EPA: What is a MERV rating?',
    url: 'https://www.epa.gov/indoor-air-quality-iaq/what-merv-rating',
  },
  'epa-air-cleaners': {
    name: 'U.S. EPA: Guide to air cleaners in the home',
    url: 'https://www.epa.gov/indoor-air-quality-iaq/guide-air-cleaners-home',
  },
  'epa-ozone': {
    name: 'U.S. EPA: Ozone generators that are sold as air cleaners',
    url: 'https://www.epa.gov/indoor-air-quality-iaq/ozone-generators-are-sold-air-cleaners',
  },
  'nfpa-smoke-alarms': {
    name: 'NFPA: Smoke alarms',
    url: 'https://www.nfpa.org/education-and-research/home-fire-safety/smoke-alarms',
  },
  'usfa-smoke-alarms': {
    name: 'U.S. Fire Administration: Smoke alarms',
    url: 'https://www.usfa.fema.gov/prevention/home-fires/prepare-for-fire/smoke-alarms/',
  },
  'usfa-dryers': {
    name: 'U.S. Fire Administration: Appliance and electrical fire safety (clothes dryers)',
    url: 'https://www.usfa.fema.gov/prevention/home-fires/prevent-fires/appliance-and-electrical/',
  },
  'nafa-merv-2017': {
    name: "NAFA: Understanding MERV, user's guide to ANSI/ASHRAE Standard 52.2-2017",
    url: 'https://www.nafahq.org/understanding-merv-nafa-users-guide-to-ansi-ashrae-52-2/',
  },
  'ashrae-52-2': {
    name: 'ASHRAE: Filtration and disinfection (MERV and Standard 52.2)',
    url: 'https://www.ashrae.org/technical-resources/filtration-disinfection',
  },
} as const;

/** A source's key, e.g. `doe-ac`. */
export type SourceId = keyof typeof SOURCES;

/** The ids, for content schemas. */
export const SOURCE_IDS = Object.keys(SOURCES) as [SourceId, ...SourceId[]];

/** The page a source's statement comes from. */
export function sourceUrl(id: SourceId): string {
  return SOURCES[id].url;
}

/**
 * Where a home's air filter sits, with the rough share of homes for each place
 * (docs/product/blog.md#how-to-change-an-air-filter): the change guide's cards and the illustration of
 * both filter articles read it.
 */

/** One place a filter sits. */
export interface FilterLocation {
  readonly name: string;
  /** Share of homes, in percent. */
  readonly share: number;
  readonly description: string;
}

/** The three places, most common first. */
export const FILTER_LOCATIONS: readonly FilterLocation[] = [
  {
    name: 'Behind a return-air grille',
    share: 70,
    description:
      'A large grille in a wall or ceiling, often in a hallway, that pulls air in. Filter grilles are usually hinged, with latches or thumb tabs.',
  },
  {
    name: 'At the furnace or air handler',
    share: 20,
    description:
      'A slot in the unit or in the return duct beside it, with a removable cover. Look in the basement, garage, a utility closet or the attic.',
  },
  {
    name: 'Somewhere else',
    share: 10,
    description:
      'A deep media cabinet beside the furnace (4 to 5 inch filters), a rack farther along the return duct, or several grilles with their own filters.',
  },
];

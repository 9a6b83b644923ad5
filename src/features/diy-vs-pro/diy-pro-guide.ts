/**
 * The words of the printable DIY vs Professional Guide (docs/product/leads.md#printable-guides) that no
 * other screen shows: the decision framework, the DIY checklist and the questions to ask a service.
 */
import { FILTERS, lifespanLabel, mervLabel, PROFESSIONAL_CHECK_AFTER_MONTHS } from '@/features/filters/catalogue';

/** What ticking each of a quiz question's three answers scores, in the quiz's order (diy-quiz/quiz.ts). */
export const ANSWER_POINTS = ['2 DIY points', '1 DIY point', '2 professional points'] as const;

/** The decision framework: each question with what its answer points to, in the order to ask them. */
export const FRAMEWORK: readonly (readonly [question: string, answer: string])[] = [
  [
    `Has it been more than ${PROFESSIONAL_CHECK_AFTER_MONTHS} months, or do you not know?`,
    'Change the filter now and have a professional look at the system before you pick a routine.',
  ],
  [
    'Can you reach the filter safely?',
    'A wall or floor grille or a basement furnace slot is easy. A high ceiling grille, an attic in summer or a crawl space points to a professional.',
  ],
  [
    'Will you remember?',
    'If you have ever found a gray, matted filter, set a reminder at least. If reminders have not worked, choose a schedule that does not depend on you.',
  ],
  [
    'How many filters, and what kind?',
    'One 1-inch filter is easy DIY. Several systems, zoning or special filtration point to a professional or a mix.',
  ],
  [
    'Who is breathing the air?',
    'Allergies, asthma, pets or a new baby make on-time changes matter more, and may call for a higher grade within what your system is rated for.',
  ],
];

/** The boxes to tick for a filter change done yourself. */
export const DIY_CHECKLIST = [
  'Find every filter in the house: beside the furnace or air handler, and behind each return grille.',
  'Write down each size from the filter frame, for example 16x25x1.',
  'Buy a multipack in the right size and a grade your system is rated for.',
  'Turn the system off at the thermostat before you pull the old filter.',
  'Point the airflow arrow toward the blower, away from the return grille.',
  'Check that the filter sits snugly with no gaps around the edges.',
  'Write the date on the frame and turn the system back on.',
  'Set a repeating reminder for the next change.',
] as const;

/** The disposable types, each with its catalogue lifespan; a single figure is a typical value, so "about". */
export const LIFESPANS = (['fiberglass', 'pleated', 'high_efficiency', 'electrostatic', 'specialized'] as const).map(
  (id) => {
    const filter = FILTERS[id];
    const single = !('max' in filter.lifespan);
    return [`${filter.label} (${mervLabel(filter)})`, `${single ? 'about ' : ''}${lifespanLabel(filter)}`] as const;
  },
);

/** What to ask a filter service before hiring it. */
export const QUESTIONS_TO_ASK = [
  'Do you bring the filter in the right size, and which grades can I choose?',
  'Will you find and change every filter in the house, including ceiling or attic ones?',
  'How often will you come, and will you tell me when the next change is due?',
  'Is there a contract, and how much notice do I give to cancel?',
  'What else can you take care of on the same visit?',
] as const;

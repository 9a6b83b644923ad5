/**
 * The DIY-versus-professional quiz of docs/product/tools.md#diy-quiz: five questions, three answers each. The first
 * answer adds 2 to DIY, the second 1 to DIY, the third 2 to professional. DIY wins by more than 2,
 * professional wins by more than 2, anything closer is hybrid.
 */

export const QUESTIONS = [
  {
    id: 'comfort_level',
    question: 'How comfortable are you with basic home maintenance?',
    options: [
      'Very comfortable: I handle most small jobs myself',
      'Somewhat: I can follow clear instructions',
      'Not at all: I would rather not touch the system',
    ],
  },
  {
    id: 'time_availability',
    question: 'How much time do you have for home upkeep?',
    options: [
      'Plenty: a few minutes a month is no problem',
      'Some, but I tend to forget',
      'Very little: my schedule is packed',
    ],
  },
  {
    id: 'filter_location',
    question: 'Where is your air filter?',
    options: [
      'Easy to reach: a wall or floor return grille',
      'Inside the furnace or air handler cabinet',
      'Hard to reach: a ceiling grille, attic or crawl space',
    ],
  },
  {
    id: 'budget_priority',
    question: 'What matters most to you?',
    options: ['Spending as little as possible', 'A balance of cost and convenience', 'Never having to think about it'],
  },
  {
    id: 'system_complexity',
    question: 'How would you describe your heating and cooling system?',
    options: [
      'One standard system with a 1-inch filter',
      'A thicker media filter or two systems',
      'Several systems, zoning, or special filtration',
    ],
  },
] as const;

export type QuestionId = (typeof QUESTIONS)[number]['id'];
/** One question as the quiz shows it. */
export type Question = (typeof QUESTIONS)[number];
/** The index of the chosen answer (0, 1 or 2), keyed by question id. */
export type QuizAnswers = Partial<Record<QuestionId, 0 | 1 | 2>>;
export type Recommendation = 'diy' | 'professional' | 'hybrid';

/** Whether all five questions have an answer (the button stays disabled until then). */
export function isComplete(answers: QuizAnswers): boolean {
  return QUESTIONS.every((q) => answers[q.id] !== undefined);
}

/** DIY and professional points for a set of answers. */
export function score(answers: QuizAnswers): { diy: number; professional: number } {
  let diy = 0;
  let professional = 0;
  for (const q of QUESTIONS) {
    const answer = answers[q.id];
    if (answer === 0) diy += 2;
    else if (answer === 1) diy += 1;
    else if (answer === 2) professional += 2;
  }
  return { diy, professional };
}

/** The recommendation for a complete set of answers. */
export function recommend(answers: QuizAnswers): Recommendation {
  const { diy, professional } = score(answers);
  if (diy - professional > 2) return 'diy';
  if (professional - diy > 2) return 'professional';
  return 'hybrid';
}

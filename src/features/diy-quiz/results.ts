/** What the quiz says for each recommendation (docs/product/tools.md#diy-quiz: links to the how-to guide and the plans). */
import { PROFESSIONAL_CHECK_AFTER_MONTHS } from '@/features/filters/catalogue';
import type { Recommendation } from './quiz';

export interface ResultLink {
  href: string;
  label: string;
}

export interface QuizResult {
  title: string;
  explanation: string;
  next: string;
  links: readonly ResultLink[];
}

const GUIDE: ResultLink = {
  href: '/blog/how-to-change-air-filter',
  label: 'How to change an air filter, step by step',
};
const PLANS: ResultLink = { href: '/services/autopilot-plans', label: 'What the Autopilot plans include' };

export const RESULTS: Record<Recommendation, QuizResult> = {
  diy: {
    title: 'Do it yourself',
    explanation:
      'You are comfortable with small jobs, your filter is easy to reach and your system is simple. For you a filter change is a 10- to 15-minute job that costs only the filter, and doing it yourself is the cheapest way to keep your air clean.',
    next: 'The one real risk is forgetting. Buy filters in a multipack, write the date on each frame as you put it in, and set a repeating reminder for the next change.',
    links: [GUIDE],
  },
  professional: {
    title: 'Let a professional handle it',
    explanation:
      'A hard-to-reach filter, a packed schedule or a more complex system make it likely that changes slip, or get done with the wrong size or grade. A scheduled service takes the ladder work and the remembering off your hands.',
    next: `If your filter has gone more than ${PROFESSIONAL_CHECK_AFTER_MONTHS} months without a change, start with a professional visit either way: a badly clogged filter is worth having someone look at the system around it.`,
    links: [PLANS],
  },
  hybrid: {
    title: 'Mix the two',
    explanation:
      'Your answers land in the middle. You can handle an easy change, but something, whether time, access or the system itself, makes a fully DIY routine hard to keep up.',
    next: 'Do the easy swaps yourself and let a professional take what you would rather not: the hard-to-reach filter, the thicker media filter, or regular visits with an extra swap of your own in pollen season.',
    links: [GUIDE, PLANS],
  },
};

import { describe, expect, test } from 'vitest';
import { stepId, toGuideSteps, type StepDetails } from '@/features/change-guide/guide-steps';

const howToSteps = [
  { name: 'Turn off the system', text: 'Set the thermostat to Off.' },
  { name: 'Insert the new filter', text: 'Point the arrow toward the unit.' },
];
const details: StepDetails[] = [
  { duration: '1 minute', difficulty: 'Easy', proTip: 'Change it each season.' },
  { duration: '2 minutes', difficulty: 'Moderate', proTip: 'Date the frame.', warning: 'Check the arrow twice.' },
];

describe('guide steps (the step shape of docs/product/blog.md#how-to-change-an-air-filter)', () => {
  test('joins each HowTo step with its details, in order', () => {
    expect(toGuideSteps(howToSteps, details)).toEqual([
      {
        id: 'step-1',
        title: 'Turn off the system',
        duration: '1 minute',
        difficulty: 'Easy',
        content: 'Set the thermostat to Off.',
        proTip: 'Change it each season.',
        warning: null,
      },
      {
        id: 'step-2',
        title: 'Insert the new filter',
        duration: '2 minutes',
        difficulty: 'Moderate',
        content: 'Point the arrow toward the unit.',
        proTip: 'Date the frame.',
        warning: 'Check the arrow twice.',
      },
    ]);
  });

  test('ids match the #step-N anchors of the HowTo JSON-LD step URLs', () => {
    expect([1, 2, 6].map(stepId)).toEqual(['step-1', 'step-2', 'step-6']);
  });

  test('refuses details that do not line up with the steps', () => {
    expect(() => toGuideSteps(howToSteps, details.slice(0, 1))).toThrow(/2 steps, got 1/);
  });
});

/**
 * The step-by-step guide of /blog/how-to-change-air-filter. Each step's title and text come from
 * the article's `howTo` frontmatter (what the HowTo JSON-LD publishes), its details from the body,
 * so the page and the structured data cannot drift apart.
 */

/** How hard a step is for a first-timer. */
export type Difficulty = 'Easy' | 'Moderate';

/** A step (docs/product/blog.md#how-to-change-an-air-filter): id, title, duration, difficulty, content, proTip, warning. */
export interface GuideStep {
  /** `step-1`, `step-2`...: the anchor the HowTo JSON-LD step URLs point at. */
  id: string;
  title: string;
  /** e.g. "2 minutes". */
  duration: string;
  difficulty: Difficulty;
  content: string;
  proTip: string;
  warning: string | null;
}

/** What the article body adds to each HowTo step. */
export interface StepDetails {
  duration: string;
  difficulty: Difficulty;
  proTip: string;
  warning?: string | null;
}

/** The anchor of step `position` (1-based), as `howToJsonLd` links it. */
export function stepId(position: number): string {
  return `step-${position}`;
}

/** Joins the HowTo steps with their details, in order; both lists must have the same length. */
export function toGuideSteps(
  steps: readonly { name: string; text: string }[],
  details: readonly StepDetails[],
): GuideStep[] {
  if (steps.length !== details.length) {
    throw new Error(`Expected details for ${steps.length} steps, got ${details.length}`);
  }
  return steps.map((step, index) => {
    const detail = details[index] as StepDetails;
    return {
      id: stepId(index + 1),
      title: step.name,
      duration: detail.duration,
      difficulty: detail.difficulty,
      content: step.text,
      proTip: detail.proTip,
      warning: detail.warning ?? null,
    };
  });
}

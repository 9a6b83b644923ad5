/**
 * The three printable guides as PDF files (docs/product/leads.md#printable-guides), built at build time by
 * src/pages/downloads/[guide].pdf.ts from the same modules as the articles and the guide pages:
 * the checklist, the schedule formula, the filter catalogue, the quiz and the five-year model.
 */
import { CHECKLIST_ITEMS } from '@/features/change-guide/checklist';
import { QUESTIONS } from '@/features/diy-quiz/quiz';
import {
  ANSWER_POINTS,
  DIY_CHECKLIST,
  FRAMEWORK,
  LIFESPANS,
  QUESTIONS_TO_ASK,
} from '@/features/diy-vs-pro/diy-pro-guide';
import { PROFESSIONAL_CHECK_AFTER_MONTHS } from '@/features/filters/catalogue';
import { COMMON_REPAIR, LATE_CHANGE_CLEANING, YEARS, compareCosts } from '@/features/five-year-costs/five-year-model';
import { FILTER_TABLE } from '@/features/schedule-calculator/filter-table';
import {
  ALLERGY_LEVELS,
  FILTER_CHOICES,
  HOUSEHOLD_SIZES,
  MIN_DAYS,
  PET_COUNTS,
  recommendedDays,
} from '@/features/schedule-calculator/schedule';
import { SEASONS } from '@/features/schedule-calculator/seasons';
import { formatUsd } from '@/lib/format';
import { GuideWriter } from '@/lib/pdf-writer';
import { SITE } from '@/site';
import type { GuidePdf } from '@/features/guides/guides';

/** The change guide's steps and what the job needs, from the article's frontmatter. */
export interface ChecklistSource {
  readonly supplies: readonly string[];
  readonly tools: readonly string[];
  readonly steps: readonly { name: string; text: string }[];
}

const FOOTER = `${SITE.name} - ${SITE.phone.display} - ${SITE.email}`;
const LOG_ROWS = Array.from({ length: 8 }, () => ['', '', '', '']);

function changeLog(writer: GuideWriter): void {
  writer
    .heading('Change log')
    .table(['Date changed', 'Filter size and type', 'Next change due', 'Notes'], LOG_ROWS, [0.2, 0.3, 0.2, 0.3]);
}

async function checklistGuide(source: ChecklistSource): Promise<Uint8Array> {
  const writer = await GuideWriter.create('Air Filter Replacement Checklist', FOOTER, 'A filter change, step by step');
  writer
    .paragraph('Keep this by your furnace. Tick each box as you go; the whole job takes 10 to 15 minutes.', true)
    .heading('What you need')
    .list([...source.supplies, ...source.tools])
    .heading('Checklist')
    .list(CHECKLIST_ITEMS, 'tick')
    .heading('The six steps');
  source.steps.forEach((step, index) => writer.paragraph(`${index + 1}. ${step.name}: ${step.text}`));
  writer.paragraph(
    `If the old filter is soaked, crushed or more than ${PROFESSIONAL_CHECK_AFTER_MONTHS} months old, have the system checked by a professional.`,
    true,
  );
  changeLog(writer);
  return writer.save();
}

async function scheduleGuide(): Promise<Uint8Array> {
  const writer = await GuideWriter.create('Air Filter Schedule Guide', FOOTER, 'How often to change your air filter');
  writer
    .paragraph('How often to change each type of filter, for every household, pet and allergy combination.', true)
    .heading('Filter types')
    .table(
      ['Type', 'MERV', 'Replace every', 'Cost', 'What it catches'],
      FILTER_TABLE.map((row) => [row.type, row.merv, row.frequency, `${row.costTier} (${row.costLabel})`, row.catches]),
      [0.2, 0.14, 0.16, 0.14, 0.36],
    )
    .heading('Your schedule, in days between changes')
    .paragraph(
      `Each person, pet and allergy shortens the interval; each step is rounded down, and no schedule is shorter than ${MIN_DAYS} days.`,
      true,
    );
  const households = HOUSEHOLD_SIZES.flatMap((household) => PET_COUNTS.map((pets) => ({ household, pets })));
  for (const filter of FILTER_CHOICES) {
    writer.heading(`${filter.label} filter`, 12).table(
      ['Household', ...ALLERGY_LEVELS.map((a) => a.label)],
      households.map(({ household, pets }) => [
        `${household.label}, ${pets.label.toLowerCase()}`,
        ...ALLERGY_LEVELS.map((allergy) =>
          String(
            recommendedDays({
              filterType: filter.value,
              householdSize: household.value,
              pets: pets.value,
              allergies: allergy.value,
            }),
          ),
        ),
      ]),
      [0.34, 0.22, 0.22, 0.22],
    );
  }
  writer.heading('Seasonal checks around Springfield');
  SEASONS.forEach((season) => writer.paragraph(`${season.name}: ${season.text}`));
  writer.paragraph(
    `Change the filter at once, whatever the schedule says, if it looks gray or matted, after remodeling or sanding, or if the system has gone more than ${PROFESSIONAL_CHECK_AFTER_MONTHS} months without a change; then have a technician look at the system too.`,
  );
  changeLog(writer);
  return writer.save();
}

async function diyVsProfessionalGuide(): Promise<Uint8Array> {
  const { diy, professional } = compareCosts();
  const writer = await GuideWriter.create(
    'DIY vs Professional Air Filter Guide',
    FOOTER,
    'Which approach fits your home',
  );
  writer
    .heading('1. The quiz')
    .paragraph(
      `Tick one answer per question: ${ANSWER_POINTS.join(', ')}. If one side leads by more than 2 points, that is your answer; anything closer, mix the two.`,
      true,
    );
  QUESTIONS.forEach((q, index) => writer.paragraph(`${index + 1}. ${q.question}`).list(q.options, 'tick'));
  writer.heading('2. A decision framework').list(
    FRAMEWORK.map(([question, answer]) => `${question} ${answer}`),
    'number',
  );
  writer
    .heading(`3. ${YEARS}-year costs (estimates for comparison, not quotes)`)
    .paragraph(
      `An example household: one system, six pleated filters a year, three changes running late. The professional column is a typical filter-only service with four visits a year, filters included. Both include one ordinary ${formatUsd(COMMON_REPAIR.amount)} repair; DIY also includes a ${formatUsd(LATE_CHANGE_CLEANING.amount)} coil and blower cleaning.`,
    )
    .table(
      ['Year', 'Do it yourself', 'Professional service'],
      [
        ...diy.byYear.map((amount, year) => [
          `Year ${year + 1}`,
          formatUsd(amount),
          formatUsd(professional.byYear[year] ?? 0),
        ]),
        [`${YEARS}-year total`, formatUsd(diy.total), formatUsd(professional.total)],
      ],
      [0.3, 0.35, 0.35],
    );
  writer
    .heading('4. If you do it yourself')
    .list(DIY_CHECKLIST, 'tick')
    .heading('How long each type lasts')
    .table(['Filter', 'Lasts'], LIFESPANS, [0.6, 0.4])
    .heading('5. Questions to ask any filter service')
    .list(QUESTIONS_TO_ASK, 'number')
    .paragraph(`Questions? Call ${SITE.phone.display} or write to ${SITE.email}.`, true);
  return writer.save();
}

/** The PDF of one guide; the checklist needs its article's steps, supplies and tools. */
export function buildGuidePdf(slug: GuidePdf['slug'], checklist: ChecklistSource): Promise<Uint8Array> {
  switch (slug) {
    case 'air-filter-checklist':
      return checklistGuide(checklist);
    case 'air-filter-schedule':
      return scheduleGuide();
    case 'diy-vs-professional':
      return diyVsProfessionalGuide();
  }
}

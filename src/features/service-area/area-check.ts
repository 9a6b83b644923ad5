/**
 * Wires the home page's service-area check (docs/product/site.md#service-area-check): the answer for
 * what was typed, from the service area's list (served-area.ts); inside, "We serve <town>" with
 * the booking and plan links; outside, 'Ask us anyway' fills in the contact form, so the request
 * becomes a lead.
 */
import { prefillContactForm } from '@/features/leads/contact-form';
import { SITE } from '@/site';
import { checkArea, type AreaAnswer } from './area';
import { SERVED_AREA } from './served-area';

/** The contact form's message for a home outside the area. */
export function askAnywayMessage(place: string): string {
  return `Do you serve ${place}? My home is outside your ${SITE.area.radiusMiles}-mile area, but I would like a visit.`;
}

/** What the answer says for each outcome. */
export function answerText(answer: AreaAnswer): string {
  switch (answer.kind) {
    case 'in':
      return `We serve ${answer.town}${answer.zip ? ` (${answer.zip})` : ''}.`;
    case 'out':
      return `${answer.place} is outside our ${SITE.area.radiusMiles}-mile service area around ${SITE.area.city}.`;
    default:
      return answer.message;
  }
}

/** Wires one area-check form and its answer. */
export function initAreaCheck(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="area"]');
  const answers = form.ownerDocument.getElementById('area-answer');
  if (!input || !answers) return;
  let outside = '';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const answer = checkArea(input.value, SERVED_AREA);
    for (const part of answers.querySelectorAll<HTMLElement>('[data-answer]')) {
      const shown = part.dataset['answer'] === answer.kind;
      part.hidden = !shown;
      if (!shown) continue;
      const text = part.querySelector<HTMLElement>('[data-answer-text]') ?? part;
      text.textContent = answerText(answer);
    }
    if (answer.kind === 'invalid') {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', 'area-answer');
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
    outside = answer.kind === 'out' ? answer.place : '';
  });
  answers.querySelector<HTMLAnchorElement>('[data-ask-anyway]')?.addEventListener('click', (event) => {
    if (!outside) return;
    event.preventDefault();
    prefillContactForm(form.ownerDocument, { service: 'other', message: askAnywayMessage(outside) });
  });
}

/** Behaviour of DiyProCostCalculator.astro: the show/hide button and the live DIY inputs. */
import { DIY_DEFAULTS, normalizeDiy, type DiyInputs } from '@/features/five-year-costs/five-year-model';
import { costTexts, type OutputKey } from './diy-pro-cost-text';

const LABELS = { show: 'Show Detailed Cost Calculator', hide: 'Hide Detailed Cost Calculator' };

/** Wires one calculator: its toggle, its inputs and its reset button. */
export function initDiyProCostCalculator(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-cost-toggle]');
  const panel = document.getElementById(toggle?.getAttribute('aria-controls') ?? '');
  if (!toggle || !panel) return;
  const inputs = [...root.querySelectorAll<HTMLInputElement>('input[data-field]')];
  const outputs = [...root.querySelectorAll<HTMLElement>('[data-out]')];

  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? LABELS.hide : LABELS.show;
    panel.hidden = !open;
  });

  const read = (): Partial<DiyInputs> => {
    const values: Partial<DiyInputs> = {};
    for (const input of inputs) {
      // A blank field (valueAsNumber NaN) falls back to the example's value.
      if (!Number.isNaN(input.valueAsNumber)) values[input.dataset['field'] as keyof DiyInputs] = input.valueAsNumber;
    }
    return values;
  };
  const render = () => {
    const texts = costTexts(read());
    for (const el of outputs) el.textContent = texts[el.dataset['out'] as OutputKey] ?? el.textContent;
  };
  // While typing, the figures follow; on leaving a field it shows the value actually used.
  const settle = (values: DiyInputs) => {
    for (const input of inputs) input.value = String(values[input.dataset['field'] as keyof DiyInputs]);
    render();
  };

  for (const input of inputs) {
    input.addEventListener('input', render);
    input.addEventListener('change', () => settle(normalizeDiy(read())));
  }
  root.querySelector('[data-cost-reset]')?.addEventListener('click', () => settle(DIY_DEFAULTS));
}

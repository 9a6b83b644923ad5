/**
 * Where and when we visit for a plan (docs/product/plans.md#plan-sign-up-form,
 * docs/product/plans.md#plan-visit-details): name, e-mail (the sign-up's only: the account has its own),
 * phone, address, preferred time and instructions, each with its label and, after a send, its
 * message. The plan sign-up and the account's Visit details draw the same fields.
 */
import { useId } from 'react';
import TextConsentBox, { type ConsentBox } from '@/features/texts/TextConsentBox';
import { PLAN_CONSENT_WORDING } from '@/features/texts/consent';
import { PREFERRED_DAYS, type PlanDetailsInput } from './plan-request';
import { TEXT_FIELDS } from './signup';

/** The fields' values: the visit details, and the e-mail when the form asks for it. */
export type DetailsValues = PlanDetailsInput & { email?: string };
/** The name of one of the text fields (the consent box has its own handler). */
export type DetailName = Exclude<keyof DetailsValues, 'textConsent'>;

interface Props {
  values: DetailsValues;
  errors: Partial<Record<DetailName, string | undefined>>;
  onEdit: (name: DetailName, value: string) => void;
  /** Whether to ask for the e-mail (a visitor signing up; the account knows it). */
  withEmail: boolean;
  /** Two columns from the small breakpoint up (the sign-up card), or one (the account's section). */
  columns: 1 | 2;
  /** The texts' consent box under the phone (docs/product/texts.md#consent), where it is shown: while texts are on. */
  textConsent?: ConsentBox | undefined;
}

export default function PlanDetailsFields({ values, errors, onEdit, withEmail, columns, textConsent }: Props) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const wide = columns === 2 ? 'sm:col-span-2' : undefined;
  const invalid = (name: DetailName) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
  const message = (name: DetailName) =>
    errors[name] && (
      <p id={errorId(name)} className="mt-1 text-sm font-semibold text-red-700">
        {errors[name]}
      </p>
    );
  const optional = <span className="font-normal text-ink-muted">(optional)</span>;

  return (
    <>
      {TEXT_FIELDS.filter((f) => withEmail || f.name !== 'email').map((f) => (
        <div key={f.name} className={f.wide ? wide : undefined}>
          <label htmlFor={fieldId(f.name)} className="field-label">
            {f.label}
          </label>
          <input
            id={fieldId(f.name)}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            required
            value={values[f.name] ?? ''}
            onChange={(e) => onEdit(f.name, e.target.value)}
            className="field-input aria-invalid:border-red-700"
            {...invalid(f.name)}
          />
          {message(f.name)}
          {f.name === 'phone' && textConsent && <TextConsentBox wording={PLAN_CONSENT_WORDING} {...textConsent} />}
        </div>
      ))}
      <div className={wide}>
        <label htmlFor={fieldId('preferredDay')} className="field-label">
          Preferred visit time {optional}
        </label>
        <select
          id={fieldId('preferredDay')}
          name="preferredDay"
          value={values.preferredDay ?? ''}
          onChange={(e) => onEdit('preferredDay', e.target.value)}
          className="field-input"
          {...invalid('preferredDay')}
        >
          <option value="">No preference</option>
          {PREFERRED_DAYS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
        {message('preferredDay')}
      </div>
      <div className={wide}>
        <label htmlFor={fieldId('specialInstructions')} className="field-label">
          Special instructions {optional}
        </label>
        <textarea
          id={fieldId('specialInstructions')}
          name="specialInstructions"
          rows={3}
          value={values.specialInstructions ?? ''}
          onChange={(e) => onEdit('specialInstructions', e.target.value)}
          className="field-input"
          {...invalid('specialInstructions')}
        />
        {message('specialInstructions')}
      </div>
    </>
  );
}

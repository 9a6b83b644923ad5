/**
 * The sign-up form's fields (docs/product.md#plan-sign-up-form): each with its label and, after a
 * send, its message.
 */
import { useId } from 'react';
import { PREFERRED_DAYS } from './plan-request';
import { SIGNUP_LINK } from './SignupCard';
import { TEXT_FIELDS, type SignupErrors, type SignupFieldName, type SignupFields } from './signup';

interface Props {
  fields: SignupFields;
  errors: SignupErrors;
  onEdit: <K extends SignupFieldName>(name: K, value: SignupFields[K]) => void;
}

export default function SignupInputs({ fields, errors, onEdit }: Props) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const invalid = (name: SignupFieldName) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
  const message = (name: SignupFieldName) =>
    errors[name] && (
      <p id={errorId(name)} className="mt-1 text-sm font-semibold text-red-700">
        {errors[name]}
      </p>
    );

  return (
    <div className="mt-6 grid gap-5 sm:grid-cols-2">
      {TEXT_FIELDS.map((f) => (
        <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
          <label htmlFor={fieldId(f.name)} className="field-label">
            {f.label}
          </label>
          <input
            id={fieldId(f.name)}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            required
            value={String(fields[f.name] ?? '')}
            onChange={(e) => onEdit(f.name, e.target.value)}
            className="field-input aria-invalid:border-red-700"
            {...invalid(f.name)}
          />
          {message(f.name)}
        </div>
      ))}
      <div className="sm:col-span-2">
        <label htmlFor={fieldId('preferredDay')} className="field-label">
          Preferred visit time <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <select
          id={fieldId('preferredDay')}
          name="preferredDay"
          value={fields.preferredDay ?? ''}
          onChange={(e) => onEdit('preferredDay', e.target.value as SignupFields['preferredDay'])}
          className="field-input"
        >
          <option value="">No preference</option>
          {PREFERRED_DAYS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={fieldId('specialInstructions')} className="field-label">
          Special instructions <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <textarea
          id={fieldId('specialInstructions')}
          name="specialInstructions"
          rows={3}
          value={fields.specialInstructions ?? ''}
          onChange={(e) => onEdit('specialInstructions', e.target.value)}
          className="field-input"
        />
      </div>
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="agreeTerms"
            checked={fields.agreeTerms === true}
            onChange={(e) => onEdit('agreeTerms', e.target.checked)}
            className="mt-1 size-5 accent-brand-700"
            {...invalid('agreeTerms')}
          />
          <span>
            I agree to the{' '}
            <a href="/service-agreement" className={SIGNUP_LINK}>
              Service Agreement
            </a>{' '}
            and{' '}
            <a href="/terms" className={SIGNUP_LINK}>
              Terms of Service
            </a>
          </span>
        </label>
        {message('agreeTerms')}
      </div>
    </div>
  );
}

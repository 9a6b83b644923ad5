/**
 * The sign-up form's fields (docs/product/plans.md#plan-sign-up-form): the visit details with the
 * e-mail (and, while texts are on, the texts' consent box under the phone), then the agreement,
 * each with its label and, after a send, its message.
 */
import { useId } from 'react';
import PlanDetailsFields, { type DetailName } from './PlanDetailsFields';
import { SIGNUP_LINK } from './SignupCard';
import type { SignupErrors, SignupFieldName, SignupFields } from './signup';

interface Props {
  fields: SignupFields;
  errors: SignupErrors;
  onEdit: <K extends SignupFieldName>(name: K, value: SignupFields[K]) => void;
  /** Whether texts are on: the consent box is then shown under the phone (docs/product/texts.md#consent). */
  texts: boolean;
}

export default function SignupInputs({ fields, errors, onEdit, texts }: Props) {
  const errorId = `${useId()}-agreeTerms-error`;
  return (
    <div className="mt-6 grid gap-5 sm:grid-cols-2">
      <PlanDetailsFields
        values={fields}
        errors={errors}
        onEdit={(name: DetailName, value) => onEdit(name, value as SignupFields[DetailName])}
        withEmail
        columns={2}
        textConsent={
          texts
            ? { checked: fields.textConsent === true, onChange: (checked) => onEdit('textConsent', checked) }
            : undefined
        }
      />
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="agreeTerms"
            checked={fields.agreeTerms}
            onChange={(e) => onEdit('agreeTerms', e.target.checked)}
            className="mt-1 size-5 accent-brand-700"
            {...(errors.agreeTerms ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {})}
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
        {errors.agreeTerms && (
          <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
            {errors.agreeTerms}
          </p>
        )}
      </div>
    </div>
  );
}

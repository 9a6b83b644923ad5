/** A labelled field of the auth screens: required, its autocomplete hint set, tied to the form's error. */
interface Props {
  id: string;
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the error the field is described by, while one is shown. */
  describedBy?: string | undefined;
  /** The on-screen keyboard to offer (a code's digits). */
  inputMode?: 'numeric' | undefined;
}

export default function AuthField({
  id,
  name,
  label,
  type,
  autoComplete,
  value,
  onChange,
  describedBy,
  inputMode,
}: Props) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="field-input"
        aria-describedby={describedBy}
      />
    </div>
  );
}

/**
 * The consent box under the phone (docs/product/texts.md#consent): unticked until the customer
 * ticks it, worded as the consent it records (consent.ts), for the booking card and the plan visit
 * details alike.
 */
/** The box's state, where it is shown. */
export interface ConsentBox {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

interface Props extends ConsentBox {
  /** The wording shown, stored word for word with the consent. */
  wording: string;
}

export default function TextConsentBox({ wording, checked, onChange }: Props) {
  return (
    <label className="mt-3 flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        name="textConsent"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <span>{wording}</span>
    </label>
  );
}

/** A message of /pay that gives the phone number (docs/product/extras.md#the-pay-link), with the number as a link to call. */
import { SITE } from '@/site';

export default function PhoneText({ text }: { text: string }) {
  const at = text.indexOf(SITE.phone.display);
  if (at === -1) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a className="font-semibold whitespace-nowrap underline" href={SITE.phone.href}>
        {SITE.phone.display}
      </a>
      {text.slice(at + SITE.phone.display.length)}
    </>
  );
}

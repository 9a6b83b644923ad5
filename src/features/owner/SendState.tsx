/** Why a change of the desk was refused, beside its form: always in the page, so it is announced when filled. */
interface Props {
  error: string | null;
}

export default function SendState({ error }: Props) {
  return (
    <p role="alert" className="font-semibold text-red-700 empty:hidden">
      {error}
    </p>
  );
}

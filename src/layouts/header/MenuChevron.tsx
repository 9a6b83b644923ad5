/** The down arrow of the header's 'My Account' button, drawn the same before and after its menu loads. */
export default function MenuChevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

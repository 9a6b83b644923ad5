/** The header's account slots, drawn 'Sign In' by the server and switched here when a session is stored. */

/** Shows the signed-in parts of every account slot ('My Account' and 'Sign Out') instead of 'Sign In'. */
export function showSignedIn(root: ParentNode): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-auth-slot]')) {
    for (const el of slot.querySelectorAll<HTMLElement>('[data-signed-out]')) el.hidden = true;
    for (const el of slot.querySelectorAll<HTMLElement>('[data-signed-in]')) el.hidden = false;
  }
}

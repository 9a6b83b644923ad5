/**
 * Whether texts are on, for a form on a static page that shows the consent box only then
 * (docs/product/texts.md#consent): the public /api/availability says so, as it does for the
 * booking card. Off when it cannot be read: no box, no consent.
 */

/** True when the server says texts are on; false when they are off or the answer could not be read. */
export async function loadTextsOn(): Promise<boolean> {
  try {
    const { requestJson } = await import('@/lib/api');
    const answer = await requestJson<{ texts?: unknown }>('/api/availability', { fallback: 'Texts state not read' });
    return answer.texts === true;
  } catch (error) {
    console.error('Texts state not read:', error);
    return false;
  }
}

/**
 * The IndexedDB databases the site keeps on a device for a signed-in user, deleted when they sign
 * out (docs/product/desk.md#offline-lists-and-changes): the owner's desk keeps its last lists and
 * its waiting changes in one. Named here so signing out, from any page, needs none of their code.
 */

/** The owner's desk's database (src/features/owner/offline/kept.ts). */
export const DESK_DATABASE = 'owner-desk';

/**
 * Deletes every such database of this device. Resolves once deleted, or at once when a page still
 * holds one open (its deletion then ends when that page closes) or IndexedDB is not there.
 */
export function deleteDeviceStores(): Promise<void> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.deleteDatabase(DESK_DATABASE);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}
